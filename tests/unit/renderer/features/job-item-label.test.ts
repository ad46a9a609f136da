/** The Jobs panel names a failed item by file, line and dialogue name: the model goes with an id another model holds (issue 29 point 15). */
import { describe, expect, it } from 'vitest';
import { itemLabel } from '../../../../renderer/src/features/jobs/item-dialogues';

const stored = { id: 's1:3', datasetId: 'ds', externalId: '7-2-1', file: 'a.jsonl', line: 3 };

describe('job item label', () => {
  it('gives file:line and the dialogue name, the teacher model included where the id is shared', () => {
    expect(itemLabel('s1:3', { ...stored, name: '7-2-1' })).toBe('a.jsonl:3 (7-2-1)');
    expect(itemLabel('s1:3', { ...stored, name: '7-2-1 · Qwen' })).toBe('a.jsonl:3 (7-2-1 · Qwen)');
  });
  it('gives file:line alone for a dialogue named by its place, and the id for one no longer stored', () => {
    expect(itemLabel('s1:3', { ...stored, externalId: 'a.jsonl:3', name: 'a.jsonl:3' })).toBe('a.jsonl:3');
    expect(itemLabel('s1:9', undefined)).toBe('s1:9');
  });
});
