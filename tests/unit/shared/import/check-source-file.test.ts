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
import { ANNOTATION_EXTRAS_KEY, TURN_EXTRAS_KEY } from '../../../../shared/import/entry-extras';
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
      new Set(['unknown-label', 'unknown-speaker', 'duplicate-dialogue', 'missing-dialogue', 'unaligned-annotation', 'out-of-order-annotation', 'merged-fragments', 'conflicting-fragments', 'not-applicable-value', 'unannotated-turns', 'unusable-id']),
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
 * Without a taker (`validate`) nobody keeps the dialogues, so the check skips their extras and
 * shares memoised field values (ParserContext.checkOnly): what it tells must not change.
 */
describe('checkSourceFile without a taker tells what it tells with one', () => {
  it.each([
    [1, true],
    [2, true],
    [1, false],
    [2, false],
    [3, false],
  ])('on seeded SID JSON Lines (seed %i, errors %s), as JSON Lines and (without errors) as one JSON list', (seed, errors) => {
    const text = variedSidJsonl(300, seed, { errors });
    const asList = `[${text
      .split('\n')
      .filter((line) => {
        try {
          return typeof JSON.parse(line) === 'object';
        } catch {
          return false;
        }
      })
      .join(',\n')}]`;
    // with errors, one record is nested too deeply for a list to be read at all: only the lines
    const files = [{ name: `data/GPT-4o/s${seed}.jsonl`, text }, ...(errors ? [] : [{ name: `data/GPT-4o/s${seed}.json`, text: asList }])];
    for (const file of files) {
      const alone = checkSourceFile(file, { codebook: DEFAULT_CODEBOOK });
      expect(alone.issues.length).toBeGreaterThan(20);
      expect(alone).toEqual(checkSourceFile(file, { codebook: DEFAULT_CODEBOOK }, () => undefined));
    }
  });

  it.each([1, 2, 3])('with readOnlyValues (metrics) the dialogues handed on are the same (seed %i)', (seed) => {
    const file = { name: `data/Qwen/s${seed}.jsonl`, text: variedSidJsonl(300, seed, { errors: false }) };
    const own: ParsedDialogue[] = [];
    const shared: ParsedDialogue[] = [];
    const told = checkSourceFile(file, { codebook: DEFAULT_CODEBOOK }, (dialogue) => own.push(dialogue));
    expect(checkSourceFile(file, { codebook: DEFAULT_CODEBOOK, readOnlyValues: true }, (dialogue) => shared.push(dialogue))).toEqual(told);
    expect(shared).toEqual(own);
    expect(own.length).toBeGreaterThan(100);
  });

  it.each([1, 2, 3])('withoutEntryExtras (metrics) tells the same and hands on the same dialogues less the entries\' extras (seed %i)', (seed) => {
    const file = { name: `data/Qwen/s${seed}.jsonl`, text: variedSidJsonl(300, seed, { errors: false }) };
    const own: ParsedDialogue[] = [];
    const lean: ParsedDialogue[] = [];
    const told = checkSourceFile(file, { codebook: DEFAULT_CODEBOOK }, (dialogue) => own.push(dialogue));
    expect(checkSourceFile(file, { codebook: DEFAULT_CODEBOOK, readOnlyValues: true, withoutEntryExtras: true }, (dialogue) => lean.push(dialogue))).toEqual(told);
    const withEntryExtras = own.filter((dialogue) => TURN_EXTRAS_KEY in dialogue.extra || ANNOTATION_EXTRAS_KEY in dialogue.extra).length;
    expect(withEntryExtras).toBeGreaterThan(2);
    const expected = own.map((dialogue) => {
      const { [TURN_EXTRAS_KEY]: _turns, [ANNOTATION_EXTRAS_KEY]: _annotations, ...extra } = dialogue.extra;
      return { ...dialogue, extra };
    });
    expect(lean).toEqual(expected);
  });

  it('on every import fixture', () => {
    for (const entry of readdirSync(FIXTURES, { recursive: true, withFileTypes: true }).filter((found) => found.isFile())) {
      const file = { name: `${entry.parentPath}/${entry.name}`, text: readFileSync(`${entry.parentPath}/${entry.name}`, 'utf8') };
      expect(checkSourceFile(file, { codebook: DEFAULT_CODEBOOK })).toEqual(checkSourceFile(file, { codebook: DEFAULT_CODEBOOK }, () => undefined));
    }
  });
});

/**
 * The whole ParsedFile (dialogues, turns, values, extras, issues) of seeded files, as JSON, hashed:
 * the digests were recorded with the import as it was before issue 9's speed work (the
 * memo, copy, extras, alignment and folding changes), so any change in what the import
 * produces fails here.
 */
describe('parseSourceFile produces what the import before the speed work produced', () => {
  it.each([
    [1, true, '1c2dd155a02023b7'],
    [2, true, 'bf14cd4c5a25044f'],
    [1, false, 'c24298ade1564fc7'],
    [2, false, '4849417fbf116877'],
    [3, false, '228ff7e5236da94b'],
    [4, false, '1d12e7322d919577'],
  ])('seed %i (errors %s)', (seed, errors, digest) => {
    const name = errors ? `data/GPT-4o/s${seed}.jsonl` : `data/Qwen/s${seed}.jsonl`;
    const parsed = parseSourceFile({ name, text: variedSidJsonl(300, seed, { errors }) }, { codebook: DEFAULT_CODEBOOK });
    // the 'unannotated-turns' warning came after the digests (a record with fewer entries than
    // turns is no longer silent, tested in its own suite), and so did issue 30's warnings of an id
    // with a fraction, a header that is not text, a formula-like id and a lone surrogate (tested in
    // silent-cases.test.ts); everything else is as it was
    const later = (issue: { code: string; message: string }) =>
      issue.code === 'unannotated-turns' || ['not-text', 'formula-like-id', 'lone-surrogate'].includes(issue.code) || (issue.code === 'unusable-id' && issue.message.includes('with a fraction'));
    const asBefore = { ...parsed, issues: parsed.issues.filter((issue) => !later(issue)) };
    expect(asBefore.issues.length).toBeLessThan(parsed.issues.length);
    expect(contentHash(JSON.stringify(asBefore))).toBe(digest);
  });
});
