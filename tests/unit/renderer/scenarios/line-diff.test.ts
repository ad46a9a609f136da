import { describe, expect, it } from 'vitest';
import { diffHunks, diffLines } from '../../../../renderer/src/stores/scenarios/line-diff';

const kinds = (before: string, after: string) => diffLines(before.split('\n'), after.split('\n')).map((line) => `${line.kind[0]}${line.oldLine ?? '-'}/${line.newLine ?? '-'} ${line.text}`);

describe('the line diff of scenario versions', () => {
  it('keeps the common lines and marks the changed ones with their old and new line numbers', () => {
    expect(kinds('a\nb\nc\nd', 'a\nB\nc\nd\ne')).toEqual(['s1/1 a', 'r2/- b', 'a-/2 B', 's3/3 c', 's4/4 d', 'a-/5 e']);
  });

  it('finds the longest common run inside the changed middle', () => {
    expect(kinds('x\n1\n2\n3\ny', 'x\n2\n3\n4\ny')).toEqual(['s1/1 x', 'r2/- 1', 's3/2 2', 's4/3 3', 'a-/4 4', 's5/5 y']);
  });

  it('shows only the changes and their context, a gap for what is left out', () => {
    const before = Array.from({ length: 20 }, (_, index) => `line ${index + 1}`);
    const after = [...before];
    after[9] = 'changed';
    const hunks = diffHunks(diffLines(before, after), 2);
    expect(hunks.map((line) => (line === null ? '…' : line.text))).toEqual(['…', 'line 8', 'line 9', 'line 10', 'changed', 'line 11', 'line 12', '…']);
  });
});
