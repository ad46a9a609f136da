/**
 * `agreement --dataset`: annotation layers of SID files matched and compared per field.
 * Fixtures (tests/fixtures/agreement/dataset): llm.jsonl and human.jsonl hold the same dialogues
 * 1-1-1, 1-2-1, 1-3-1 (4 turns each: student, teacher, student, teacher); llm.jsonl also has
 * 1-4-1. In human.jsonl the first utterance of 1-1-1 ends with "?" instead of "？" (matched by
 * folded text), turn 3 of 1-2-1 has another text (reported, left out) and turn 3 of 1-3-1 has
 * the cognition state "理解", which is not one (missing, unknown value).
 */
import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCaptured } from './run-captured';

const DATASET = fileURLToPath(new URL('../../fixtures/agreement/dataset/', import.meta.url));
const LLM = `${DATASET}llm.jsonl`;
const HUMAN = `${DATASET}human.jsonl`;
const SAMPLE = fileURLToPath(new URL('../../../resources/sample/GPT-4o/GPT-4o-interdis_topic_7.jsonl', import.meta.url));

interface JsonResult {
  field: string | null;
  coefficient: string;
  weights: string | null;
  level: string | null;
  value: number | null;
  se: number | null;
  ci95: [number, number] | null;
  items: number;
  raters: number;
  missing: number;
  reason: string | null;
}

/**
 * The fixture layers have six teacher turns, fewer than the 10 items below which no coefficient
 * is given: the hand-worked values are read with --min-items 2 (the default's rule is tested on
 * its own below).
 */
const HAND = ['--min-items', '2'] as const;

function run(...argv: string[]) {
  return runCaptured(['agreement', ...argv]);
}

async function json(...argv: string[]): Promise<{ results: JsonResult[]; stderr: string }> {
  const { code, stdout, stderr } = await run(...argv, '--json');
  expect(code, stderr).toBe(0);
  expect(stdout.trimEnd().split('\n')).toHaveLength(1);
  const parsed = JSON.parse(stdout) as { results: JsonResult[] };
  expect(Object.keys(parsed)).toEqual(['results']);
  for (const result of parsed.results) {
    expect(Object.keys(result)).toEqual(['field', 'coefficient', 'weights', 'level', 'value', 'se', 'ci95', 'items', 'raters', 'missing', 'reason', 'ciReason']);
  }
  return { results: parsed.results, stderr };
}

function find(results: readonly JsonResult[], field: string, coefficient: string): JsonResult {
  const found = results.find((result) => result.field === field && result.coefficient === coefficient);
  if (!found) throw new Error(`no ${coefficient} result for ${field}`);
  return found;
}

describe('cli agreement --dataset, fixture layers', () => {
  it('teacher_intent: Cohen κ = 10/13 by hand', async () => {
    // The six teacher turns, llm / human:
    //   1-1-1 t2 guide/guide, t4 check/check, 1-2-1 t2 guide/INTRODUCE, t4 summarize/summarize,
    //   1-3-1 t2 introduce/introduce, t4 guide/guide  → Po = 5/6.
    // Margins llm: guide 3, check 1, summarize 1, introduce 1; human: guide 2, check 1, summarize 1, introduce 2.
    // Pe = (3·2 + 1·1 + 1·1 + 1·2)/36 = 10/36;  κ = (30/36 − 10/36)/(26/36) = 20/26 = 10/13.
    const { results, stderr } = await json(...HAND, '--dataset', LLM, '--dataset', HUMAN, '--field', 'teacher_intent');
    expect(results.map((result) => result.coefficient)).toEqual(['percent', 'cohen', 'fleiss', 'randolph', 'krippendorff', 'gwet']);
    const cohen = find(results, 'teacher_intent', 'cohen');
    expect(cohen.value).toBeCloseTo(10 / 13, 12);
    expect(cohen).toMatchObject({ weights: 'none', items: 6, raters: 2, missing: 0, reason: null });
    expect(find(results, 'teacher_intent', 'percent').value).toBeCloseTo(5 / 6, 12);
    expect(find(results, 'teacher_intent', 'krippendorff').level).toBe('nominal');
    // the student turns are not applicable, the extra dialogue and the differing turn are reported
    expect(stderr).toContain('teacher_intent: 6 items, 5 not applicable to the speaker left out; no missing ratings.');
    expect(stderr).toContain(`${LLM}:4: warning: Dialogue "1-4-1" is only in layer "llm"; its 2 turns are left out.`);
    expect(stderr).toMatch(new RegExp(`${HUMAN.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2: warning: Dialogue "1-2-1" in layer "human", turn 3: the text "好像是被水压上去的。" differs`));
    expect(stderr).toContain('(1 turn pairing by folded text)');
  });

  it('by default gives no coefficient on the six teacher turns: "too few items", percent agreement kept', async () => {
    const { results } = await json('--dataset', LLM, '--dataset', HUMAN, '--field', 'teacher_intent');
    for (const coefficient of ['cohen', 'fleiss', 'randolph', 'krippendorff', 'gwet']) {
      expect(find(results, 'teacher_intent', coefficient)).toMatchObject({ value: null, se: null, ci95: null, items: 6, reason: 'Too few items (n = 6, at least 10 needed): a coefficient on so few items is not given.' });
    }
    expect(find(results, 'teacher_intent', 'percent').value).toBeCloseTo(5 / 6, 12);
  });

  it('teacher_guidance_level (ordinal): linear-weighted κ = 0.25 by hand, ordinal alpha by default', async () => {
    // llm / human: L2/L2, L1/L2, L3/L3, L2/L1, L2/L2, L3/L2. Agreement weights w = 1 − |i − j|/2:
    //   Po(w) = (1 + .5 + 1 + .5 + 1 + .5)/6 = 0.75.
    // Margins llm (L1, L2, L3) = (1, 3, 2), human = (1, 4, 1):
    //   Σ w r_i c_j = L1 row 1·1 + .5·4 = 3; L2 row .5·3 + 1·12 + .5·3 = 15; L3 row .5·8 + 1·2 = 6 → 24/36 = 2/3.
    //   κ_w = (0.75 − 2/3)/(1 − 2/3) = 0.25.  Unweighted: Po = 3/6, exact-match agreement.
    const { results } = await json(...HAND, '--dataset', LLM, '--dataset', HUMAN, '--field', 'teacher_guidance_level');
    const cohen = find(results, 'teacher_guidance_level', 'cohen');
    expect(cohen.weights).toBe('linear');
    expect(cohen.value).toBeCloseTo(0.25, 12);
    expect(find(results, 'teacher_guidance_level', 'percent').value).toBeCloseTo(0.5, 12);
    expect(find(results, 'teacher_guidance_level', 'krippendorff').level).toBe('ordinal');
    const unweighted = await json(...HAND, '--dataset', LLM, '--dataset', HUMAN, '--field', 'teacher_guidance_level', '--weights', 'none', '--coefficient', 'cohen');
    // Po = 1/2; margins (1,3,2) × (1,4,1): Pe = (1 + 12 + 2)/36 = 15/36; κ = (18/36 − 15/36)/(21/36) = 1/7
    expect(unweighted.results[0].value).toBeCloseTo(1 / 7, 12);
  });

  it('an unknown value is a missing rating with its reason; Cohen leaves that item out', async () => {
    // student turns matched: 1-1-1 t1 (folded), t3; 1-2-1 t1 (t3 differs: not an item); 1-3-1 t1, t3 → 5 items.
    // 1-3-1 t3 is "理解" in human.jsonl: missing. The other four agree: vague, clear, vague, expression_difficulty.
    const { results, stderr } = await json(...HAND, '--dataset', LLM, '--dataset', HUMAN, '--field', 'student_cognition_state', '--coefficient', 'cohen,krippendorff');
    const cohen = find(results, 'student_cognition_state', 'cohen');
    expect(cohen).toMatchObject({ items: 4, missing: 1, value: 1 });
    expect(find(results, 'student_cognition_state', 'krippendorff')).toMatchObject({ items: 4, missing: 1, value: 1 });
    expect(stderr).toContain('student_cognition_state: 5 items, 6 not applicable to the speaker left out; missing ratings: 1 value not in the codebook.');
  });

  it('an empty value of a one-label field is a missing rating of its own reason, apart from an absent one', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'maieutic-agreement-'));
    const emptied = join(folder, 'emptied.jsonl');
    const text = await readFile(HUMAN, 'utf8');
    // the first teacher turn (1-1-1 t2, guide/guide) loses its intent
    await writeFile(emptied, text.replace('"teacher_intent": "引导推理"', '"teacher_intent": ""'));
    const { results, stderr } = await json(...HAND, '--dataset', LLM, '--dataset', emptied, '--field', 'teacher_intent', '--coefficient', 'cohen');
    expect(find(results, 'teacher_intent', 'cohen')).toMatchObject({ items: 5, missing: 1 });
    expect(stderr).toContain('teacher_intent: 6 items, 5 not applicable to the speaker left out; missing ratings: 1 empty value.');
  });

  it('a set field gives one absent/present result per code of the codebook, named field=code', async () => {
    const { results } = await json(...HAND, '--dataset', LLM, '--dataset', HUMAN, '--field', 'discipline', '--coefficient', 'percent');
    expect(results.map((result) => result.field)).toEqual([
      'discipline=physics',
      'discipline=chemistry',
      'discipline=biology',
      'discipline=geography',
      'discipline=history',
      'discipline=mathematics',
      'discipline=information_technology',
      'discipline=chinese',
      'discipline=art',
      'discipline=engineering',
      'discipline=technology',
    ]);
    // discipline applies to all 11 matched turns and both layers wrote the same sets
    for (const result of results) expect(result).toMatchObject({ items: 11, raters: 2, missing: 0, value: 1 });
    // nobody chose physics: Cohen's kappa is undefined, with a reason, not 1
    const cohen = await json(...HAND, '--dataset', LLM, '--dataset', HUMAN, '--field', 'discipline', '--coefficient', 'cohen');
    expect(find(cohen.results, 'discipline=physics', 'cohen')).toMatchObject({ value: null });
    expect(find(cohen.results, 'discipline=physics', 'cohen').reason).toMatch(/Expected agreement is 1/);
  });

  it('every labelled field by default, in codebook order', async () => {
    const { results } = await json(...HAND, '--dataset', LLM, '--dataset', HUMAN, '--coefficient', 'percent');
    const fields = [...new Set(results.map((result) => (result.field ?? '').split('=')[0]))];
    expect(fields).toEqual(['speaker', 'teacher_intent', 'teaching_strategy', 'discipline', 'discipline_transfer', 'student_cognition_state', 'teacher_guidance_level', 'cognitive_level']);
  });

  it('three layers: Cohen for every pair of layers, or the two --raters names; Fleiss uses all three', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'maieutic-agreement-'));
    const third = join(folder, 'expert.jsonl');
    await copyFile(HUMAN, third);
    const everyPair = await run(...HAND, '--dataset', LLM, '--dataset', HUMAN, '--dataset', third, '--field', 'teacher_intent', '--coefficient', 'cohen', '--json');
    expect(everyPair.code).toBe(0);
    const pairs = (JSON.parse(everyPair.stdout) as { results: { pairs: { raters: string[]; kappa: number | null }[]; reason: string }[] }).results[0];
    expect(pairs.reason).toContain('it is given for each pair of them (or choose two with --raters A,B (layer names))');
    expect(pairs.pairs.map((pair) => pair.raters)).toEqual([['llm', 'human'], ['llm', 'expert'], ['human', 'expert']]);
    // expert is a copy of human
    expect(pairs.pairs[2].kappa).toBe(1);
    const { results } = await json(...HAND, '--dataset', LLM, '--dataset', HUMAN, '--dataset', third, '--field', 'teacher_intent', '--raters', 'human,expert', '--coefficient', 'cohen,fleiss');
    expect(find(results, 'teacher_intent', 'cohen')).toMatchObject({ value: 1, raters: 2, items: 6 });
    expect(find(results, 'teacher_intent', 'fleiss').raters).toBe(3);
    const unknown = await run('--dataset', LLM, '--dataset', HUMAN, '--raters', 'llm,nobody');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--raters: no layer named "nobody" (layers: llm, human).');
  });

  it('exit 1 when nothing matches, with each mismatch as file:line: message', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'maieutic-agreement-'));
    const other = join(folder, 'other.jsonl');
    const text = await readFile(HUMAN, 'utf8');
    await writeFile(other, text.replaceAll('"topic_id": 1', '"topic_id": 9'));
    const { code, stdout, stderr } = await run('--dataset', LLM, '--dataset', other);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain(`${other}:1: Dialogue "9-1-1" is only in layer "other"`);
    expect(stderr).toContain('No turn could be matched across the layers "llm", "other"');
  });

  it('command-line errors exit 2', async () => {
    const cases: [string[], string][] = [
      [['--dataset', LLM], 'give at least two'],
      [['--dataset', LLM, '--dataset', LLM], 'is given twice'],
      [['--dataset', LLM, '--dataset', HUMAN, '--categories', 'a,b'], '--categories cannot be used with --dataset'],
      [['--dataset', LLM, '--dataset', HUMAN, '--field', 'utterance'], '--field: "utterance" is not a labelled field of the codebook'],
    ];
    for (const [argv, message] of cases) {
      const { code, stderr } = await run(...argv);
      expect(code, argv.join(' ')).toBe(2);
      expect(stderr).toContain(message);
    }
  });
});

describe('cli agreement --dataset, bundled sample against a modified copy', () => {
  it('one changed intent, one dropped dialogue: percent agreement (n − 1)/n over the teacher turns of the two shared dialogues', async () => {
    const original = await readFile(SAMPLE, 'utf8');
    const lines = original.trimEnd().split('\n');
    const records = lines.map((line) => JSON.parse(line) as { dialogue: { role: string }[]; annotations: { teacher_intent: string }[] });
    // dialogue 1, annotation 2 is a teacher turn labelled 引导推理 in the sample
    expect(records[0].annotations[1].teacher_intent).toBe('引导推理');
    records[0].annotations[1].teacher_intent = '引出概念';
    const folder = await mkdtemp(join(tmpdir(), 'maieutic-agreement-'));
    await mkdir(join(folder, 'human'));
    const copy = join(folder, 'human', 'GPT-4o-interdis_topic_7.jsonl');
    await writeFile(copy, `${records.slice(0, 2).map((record) => JSON.stringify(record)).join('\n')}\n`);
    // teacher turns of dialogues 1 and 2, counted from the raw file
    const n = records.slice(0, 2).reduce((sum, record) => sum + record.dialogue.filter((turn) => turn.role === '教师').length, 0);
    const { results, stderr } = await json('--dataset', SAMPLE, '--dataset', copy, '--field', 'teacher_intent', '--coefficient', 'percent,cohen');
    // same file name in both layers: the folder tells them apart
    expect(stderr).toContain('Layers "GPT-4o/GPT-4o-interdis_topic_7", "human/GPT-4o-interdis_topic_7"');
    expect(stderr).toContain(`${SAMPLE}:3: warning: Dialogue "7-2-2" is only in layer "GPT-4o/GPT-4o-interdis_topic_7"`);
    const percent = find(results, 'teacher_intent', 'percent');
    expect(percent.items).toBe(n);
    expect(percent.value).toBeCloseTo((n - 1) / n, 12);
    const cohen = find(results, 'teacher_intent', 'cohen');
    expect(cohen.value).not.toBeNull();
    expect(cohen.value as number).toBeLessThan(1);
  });
});

describe('cli agreement --dataset, a benchmark folder of several teacher models per layer', () => {
  it('keeps the same session id under different teacher models apart instead of dropping two thirds as duplicates', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'maieutic-agreement-'));
    const sampleRoot = fileURLToPath(new URL('../../../resources/sample/', import.meta.url));
    const layerFiles: string[] = [];
    for (const layer of ['llm', 'human']) {
      for (const model of ['GPT-4o', 'Qwen2.5-72B', 'DeepSeek-V3']) {
        await mkdir(join(folder, layer, model), { recursive: true });
        const name = `${model}-interdis_topic_7.jsonl`;
        await copyFile(join(sampleRoot, model, name), join(folder, layer, model, name));
        if (layer === 'llm') layerFiles.push(join(sampleRoot, model, name));
      }
    }
    // every dialogue of the three files, counted from the raw text: all of them must be matched
    const dialogues = (await Promise.all(layerFiles.map((file) => readFile(file, 'utf8')))).reduce(
      (sum, text) => sum + text.trim().split('\n').length,
      0,
    );
    const { stderr } = await run('--dataset', join(folder, 'llm'), '--dataset', join(folder, 'human'), '--field', 'teacher_intent', '--json');
    expect(stderr).toContain(`${dialogues} dialogues and`);
    expect(stderr).not.toContain('is already in layer');
  });
});
