import { describe, expect, it } from 'vitest';
import { parseAnnotateArgs } from '../../../electron/cli/commands/annotate-args';
import { parseJudgeArgs } from '../../../electron/cli/commands/judge-args';
import { numberOption, readOptions } from '../../../electron/cli/commands/option-reader';

describe('the option reader of annotate and judge', () => {
  it('reads paths, --name value, --name=value and flags', () => {
    expect(readOptions(['a/', '--model', 'm', 'b.jsonl', '--out=x', '--batch'], ['--model', '--out'], ['--batch'])).toEqual({
      kind: 'read', paths: ['a/', 'b.jsonl'], values: new Map([['--model', 'm'], ['--out', 'x']]), flags: new Set(['--batch']),
    });
  });

  it('refuses an unknown option, one given twice, and one without its value', () => {
    expect(readOptions(['--modle', 'm'], ['--model'])).toEqual({ kind: 'usage-error', message: 'Unknown option --modle.' });
    expect(readOptions(['--model', 'a', '--model=b'], ['--model'])).toEqual({ kind: 'usage-error', message: '--model is given twice; give it once.' });
    expect(readOptions(['--model', '--out', 'x'], ['--model', '--out'])).toEqual({ kind: 'usage-error', message: '--model needs a value.' });
    expect(readOptions(['--model'], ['--model'])).toEqual({ kind: 'usage-error', message: '--model needs a value.' });
  });

  it('numbers: the fallback when absent, the value when valid, the reason otherwise', () => {
    const values = new Map([['--n', '3'], ['--bad', '3.5'], ['--empty', ' ']]);
    const whole = (value: number) => Number.isInteger(value);
    expect(numberOption(values, '--absent', 7, whole, 'whole')).toBe(7);
    expect(numberOption(values, '--n', 7, whole, 'whole')).toBe(3);
    expect(numberOption(values, '--bad', 7, whole, 'a whole number')).toBe('--bad must be a whole number; got "3.5".');
    expect(numberOption(values, '--empty', 7, () => true, 'a number')).toBe('--empty must be a number; got " ".');
  });

  it('both commands use it: their errors read the same', () => {
    const base = ['d/', '--base-url', 'http://127.0.0.1:1/v1', '--model', 'm', '--out', 'o'];
    expect(parseAnnotateArgs([...base, '--model', 'again'])).toEqual({ kind: 'usage-error', message: '--model is given twice; give it once.' });
    expect(parseJudgeArgs([...base, '--model', 'again'])).toEqual({ kind: 'usage-error', message: '--model is given twice; give it once.' });
    expect(parseJudgeArgs([...base, '--samples', '0'])).toMatchObject({ kind: 'usage-error', message: expect.stringContaining('--samples must be a whole number from 1 to') });
    expect(parseJudgeArgs([...base, '--reasoning-first'])).toMatchObject({ kind: 'run', args: { reasoningFirst: true, samples: 1 } });
  });
});
