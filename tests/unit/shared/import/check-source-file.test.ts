/**
 * checkSourceFile (what `validate` runs: each dialogue handed on as it is read, none kept) must
 * tell exactly what parseSourceFile tells: the same issues in the same order, counts, format and
 * teacher model, and hand on the same dialogues in the same order. Seeded files carry every
 * kind of record the import reports on (tests/support/varied-sid-jsonl.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { checkSourceFile, contentHash, parseSourceFile } from '../../../../shared/import';
import type { ParsedDialogue, SourceFile } from '../../../../shared/model/dataset';
import { variedSidJsonl } from '../../../support/varied-sid-jsonl';
import { FIXTURES } from '../support';

function bothWays(file: SourceFile) {
  const handed: ParsedDialogue[] = [];
  const check = checkSourceFile(file, { codebook: DEFAULT_CODEBOOK }, (dialogue) => handed.push(dialogue));
  const parsed = parseSourceFile(file, { codebook: DEFAULT_CODEBOOK });
  return { check, parsed, handed };
}

describe('checkSourceFile equals parseSourceFile', () => {
  const warningCodes = new Set<string>();

  it.each([1, 2, 3, 4, 5, 6])('on seeded SID JSON Lines with errors and warnings of every kind (seed %i)', (seed) => {
    const { check, parsed, handed } = bothWays({ name: `data/GPT-4o/s${seed}.jsonl`, text: variedSidJsonl(300, seed) });
    const { dialogues, contentHash, ...told } = parsed;
    expect(check).toEqual(told);
    expect(told.issues.some((issue) => issue.severity === 'error')).toBe(true);
    expect(dialogues).toEqual([]);
    // a failed file hands on what it read (the caller drops it): what the error keeps out
    expect(handed).toHaveLength(check.readable.dialogues);
    expect(contentHash).toMatch(/^[0-9a-f]{16}$/);
  });

  it.each([1, 2, 3, 4])('on seeded SID JSON Lines with warnings only, handing on every dialogue (seed %i)', (seed) => {
    const { check, parsed, handed } = bothWays({ name: `data/Qwen/s${seed}.jsonl`, text: variedSidJsonl(300, seed, { errors: false }) });
    const { dialogues, contentHash: _hash, ...told } = parsed;
    expect(check).toEqual(told);
    expect(told.issues.filter((issue) => issue.severity === 'warning').length).toBeGreaterThan(50);
    for (const issue of told.issues) warningCodes.add(issue.code);
    expect(handed).toEqual(dialogues);
    expect(dialogues).toHaveLength(told.counts.dialogues);
  });

  it('the seeded files above carried every kind of warning a SID record can get', () => {
    expect(warningCodes).toEqual(
      new Set(['unknown-label', 'unknown-speaker', 'duplicate-dialogue', 'missing-dialogue', 'unaligned-annotation', 'out-of-order-annotation', 'merged-fragments', 'conflicting-fragments', 'not-applicable-value', 'unannotated-turns']),
    );
  });

  it('on every import fixture (JSON, CSV/TSV, MathDial, bad files)', () => {
    const names = readdirSync(FIXTURES, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(names.length).toBeGreaterThan(5);
    for (const entry of names) {
      const path = `${entry.parentPath}/${entry.name}`;
      const { check, parsed, handed } = bothWays({ name: path, text: readFileSync(path, 'utf8') });
      const { dialogues, contentHash: _hash, ...told } = parsed;
      expect(check).toEqual(told);
      if (dialogues.length > 0) expect(handed).toEqual(dialogues);
    }
  });
});

/**
 * The whole ParsedFile (dialogues, turns, values, extras, issues) of seeded files, as JSON, hashed:
 * the digests were recorded with the import as it was before issue 9's speed work (the
 * memo, copy, extras, alignment and folding changes) — on the branch that added the
 * 'unannotated-turns' warning and flags separator-only labels, before the speed work met it —
 * so any change in what the import produces fails here.
 */
describe('parseSourceFile produces what the import before the speed work produced', () => {
  it.each([
    [1, true, '38671f7e196337eb'],
    [2, true, '7a99799662088935'],
    [1, false, 'c82dd0532c8fcc2b'],
    [2, false, '8dcf6160f380a44d'],
    [3, false, 'bffb320a6e02dd1e'],
    [4, false, '22d26f35aef12815'],
  ])('seed %i (errors %s)', (seed, errors, digest) => {
    const name = errors ? `data/GPT-4o/s${seed}.jsonl` : `data/Qwen/s${seed}.jsonl`;
    const parsed = parseSourceFile({ name, text: variedSidJsonl(300, seed, { errors }) }, { codebook: DEFAULT_CODEBOOK });
    expect(contentHash(JSON.stringify(parsed))).toBe(digest);
  });
});
