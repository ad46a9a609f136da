import { describe, expect, it } from 'vitest';
import { knownFamilies, normalizedFamilies, suggestFamilies } from '../../../../renderer/src/stores/judge/families';
import { judgeFamiliesOf } from '../../../../renderer/src/stores/judge/run-judge';

describe('teacher-model family suggestions', () => {
  it('match a known family inside the model name case-insensitively, the longest family winning', () => {
    expect(suggestFamilies(['DeepSeek-V3', 'GPT-4o', 'Qwen2.5-72B', 'Qwen2-7B', 'Llama-3'], ['deepseek', 'GPT', 'qwen', 'Qwen2'])).toEqual({
      'DeepSeek-V3': 'deepseek',
      'GPT-4o': 'GPT',
      'Qwen2.5-72B': 'Qwen2',
      'Qwen2-7B': 'Qwen2',
    });
  });

  it('know each family once, whatever its case, and skip empty ones', () => {
    expect(knownFamilies(['DeepSeek', 'deepseek', ' ', undefined, 'gpt'])).toEqual(['DeepSeek', 'gpt']);
  });

  it('are compared in lower case', () => {
    expect(normalizedFamilies({ 'DeepSeek-V3': ' DeepSeek ', x: '' })).toEqual({ 'DeepSeek-V3': 'deepseek' });
  });
});

describe('judgeFamiliesOf', () => {
  it('takes the run’s own family first, then the connection’s by judge name', () => {
    const run = { judges: [{ name: 'a', family: 'DeepSeek' }, { name: 'b' }, { name: 'c' }] };
    expect(judgeFamiliesOf(run, { a: 'gpt', b: 'Qwen' })).toEqual({ a: 'deepseek', b: 'qwen' });
  });
});
