/**
 * `judge-report`: Table I of judge results and the calibration against experts. Expected values
 * are worked by hand in the comments, or are the anxiety references (agreement-references §5).
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rubricSetRef, SID_RUBRIC_SET } from '../../../shared/judge';
import { ANXIETY } from '../../fixtures/agreement/reference-data';
import { runCaptured } from './run-captured';

const IDS = ['X-SRG', 'M-RCC', 'X-MSR', 'IRA', 'TCF'];

function resultLine(group: string, dialogue: string, judge: string, sample: number, scores: number[] | null, extra: Record<string, unknown> = {}): string {
  if (scores === null) return JSON.stringify({ dialogue, group, judge, sample, status: 'failed', scores: [], reason: 'missing rubric TCF', ...extra });
  return JSON.stringify({ dialogue, group, judge, sample, status: 'valid', scores: IDS.map((rubric, index) => ({ rubric, score: scores[index], rationale: `${rubric} rationale` })), ...extra });
}

async function files(contents: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'maieutic-judge-report-'));
  for (const [name, text] of Object.entries(contents)) await writeFile(join(root, name), text);
  return root;
}

interface ReportJson {
  groups: { group: string; judge: string; rubric: string; n: number; mean: number | null; sd: number | null }[];
  calibration: { judge: string; rubric: string; n: number; pearson: number | null; spearman: number | null; kendall: number | null; qwk: number | null; bias: number | null }[];
}

// GPT-4o 1-1-1: samples (4,4,4,4,4) and (5,3,4,4,2), a failed third; 1-2-1: (2,2,2,2,2). Qwen 1-1-1: (3,3,3,3,3).
// GPT-4o X-SRG: dialogue means 4.5 and 2 → mean 3.25, sd 2.5/√2; TCF: 3 and 2 → 2.5, sd 1/√2.
const TABLE = [
  resultLine('GPT-4o', '1-1-1', 'deepseek-chat', 0, [4, 4, 4, 4, 4], { rubricSet: rubricSetRef(SID_RUBRIC_SET) }),
  resultLine('GPT-4o', '1-1-1', 'deepseek-chat', 1, [5, 3, 4, 4, 2]),
  resultLine('GPT-4o', '1-1-1', 'deepseek-chat', 2, null),
  resultLine('GPT-4o', '1-2-1', 'deepseek-chat', 0, [2, 2, 2, 2, 2]),
  resultLine('Qwen2.5-72B', '1-1-1', 'deepseek-chat', 0, [3, 3, 3, 3, 3]),
].join('\n');

describe('judge-report', () => {
  it('--json prints exactly {groups, calibration, pairwise} with the two-stage means; calibration empty without experts, pairwise without pairwise lines', async () => {
    const root = await files({ 'results.jsonl': `${TABLE}\n` });
    const { code, stdout } = await runCaptured(['judge-report', join(root, 'results.jsonl'), '--json']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as ReportJson;
    expect(Object.keys(report)).toEqual(['groups', 'calibration', 'pairwise']);
    expect(report.calibration).toEqual([]);
    expect((report as unknown as { pairwise: unknown[] }).pairwise).toEqual([]);
    expect(report.groups).toHaveLength(10);
    expect(Object.keys(report.groups[0])).toEqual(['group', 'judge', 'rubric', 'n', 'mean', 'sd']);
    const cell = (group: string, rubric: string) => report.groups.find((entry) => entry.group === group && entry.rubric === rubric)!;
    expect(cell('GPT-4o', 'X-SRG')).toMatchObject({ judge: 'deepseek-chat', n: 2, mean: 3.25 });
    expect(cell('GPT-4o', 'X-SRG').sd).toBeCloseTo(2.5 / Math.SQRT2, 12);
    expect(cell('GPT-4o', 'TCF').mean).toBe(2.5);
    expect(cell('Qwen2.5-72B', 'IRA')).toEqual({ group: 'Qwen2.5-72B', judge: 'deepseek-chat', rubric: 'IRA', n: 1, mean: 3, sd: null });
  });

  it('prints Table I as text with two decimals, n and sd, the overall and the failed samples', async () => {
    const root = await files({ 'results.jsonl': TABLE });
    const { code, stdout } = await runCaptured(['judge-report', join(root, 'results.jsonl')]);
    expect(code).toBe(0);
    expect(stdout).toContain('Judge deepseek-chat');
    expect(stdout).toMatch(/X-SRG\s+3\.25 \(n 2, sd 1\.77\)\s+3\.00 \(n 1, sd —\)/);
    // overall per sample: 4, 3.6, then 2 → dialogue means 3.8 and 2 → 2.90, sd 1.8/√2
    expect(stdout).toMatch(/overall\s+2\.90 \(n 2, sd 1\.27\)/);
    expect(stdout).toContain('1 failed sample (answers that stayed invalid), not in any mean.');
  });

  it('with --experts: calibration against the expert mean; the anxiety r1 vs r2 correlations', async () => {
    // the judge scores like anxiety rater 1, one expert like rater 2, on a one-rubric set scored 1–6 (the raters' scale)
    const set = { id: 'six', version: '1', name: { zh: '六', en: 'six' }, range: { min: 1, max: 6 }, rubrics: [{ id: 'R', name: { zh: 'R', en: 'R' }, definition: { zh: 'R', en: 'R' } }] };
    const results = ANXIETY.map((row, item) => JSON.stringify({ dialogue: `d${item}`, group: 'G', judge: 'J', sample: 0, status: 'valid', scores: [{ rubric: 'R', score: Number(row[0]), rationale: '' }] })).join('\n');
    const experts = ['dialogue,rubric,rater,score', ...ANXIETY.map((row, item) => `d${item},R,e1,${row[1]}`)].join('\n');
    const root = await files({ 'results.jsonl': results, 'experts.csv': experts, 'six.json': JSON.stringify(set) });
    const { code, stdout, stderr } = await runCaptured(['judge-report', join(root, 'results.jsonl'), '--experts', join(root, 'experts.csv'), '--rubrics', join(root, 'six.json'), '--json']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const [row] = (JSON.parse(stdout) as ReportJson).calibration;
    expect(Object.keys(row)).toEqual(['judge', 'rubric', 'n', 'pearson', 'spearman', 'kendall', 'qwk', 'bias']);
    expect(row).toMatchObject({ judge: 'J', rubric: 'R', n: 20 });
    expect(row.pearson).toBeCloseTo(0.29974463809210333, 9);
    expect(row.spearman).toBeCloseTo(0.42219382265555966, 9);
    expect(row.kendall).toBeCloseTo(0.3380152922565091, 9);
    expect(row.qwk).toBeCloseTo(0.2967651195499298, 9);
    // r1 sums to 63, r2 to 63 as well: bias 0
    expect(row.bias).toBeCloseTo((63 - 63) / 20, 12);
    const text = await runCaptured(['judge-report', join(root, 'results.jsonl'), '--experts', join(root, 'experts.csv'), '--rubrics', join(root, 'six.json')]);
    expect(text.stdout).toMatch(/J\s+R\s+20\s+0\.300\s+0\.422\s+0\.338\s+0\.297 \(20\)/);
  });

  it('lists every bad line as file:line: problem and exits 1; a bad command line exits 2', async () => {
    const bad = [
      resultLine('GPT-4o', '1-1-1', 'j', 0, [4, 4, 4, 4, 6]),
      '{"dialogue": "1-1-1"',
      resultLine('GPT-4o', '1-1-1', 'j', 0, [4, 4, 4, 4, 4], { rubricSet: { id: 'sid', version: '0.9', hash: 'ffffffffffffffff' } }),
    ].join('\n');
    const root = await files({ 'results.jsonl': bad, 'experts.csv': 'dialogue,rubric,rater,score\n1-1-1,CTRA,e1,4\n1-1-1,TCF,e1,4.5\n' });
    const { code, stderr } = await runCaptured(['judge-report', join(root, 'results.jsonl'), '--experts', join(root, 'experts.csv')]);
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines[0]).toMatch(/results\.jsonl:1: scores\[4\]: the score of TCF must be a whole number in 1–5$/);
    expect(lines[1]).toMatch(/results\.jsonl:2: not a JSON line/);
    expect(lines[2]).toMatch(/results\.jsonl:3: scored against the rubric set sid 0\.9 \(hash ffffffffffffffff\)/);
    expect(lines[3]).toMatch(/experts\.csv:2: the rubric "CTRA" is not in the set sid/);
    expect(lines[4]).toMatch(/experts\.csv:3: the score "4\.5" of TCF is not a whole number in 1–5/);
    expect(lines).toHaveLength(5);
    expect((await runCaptured(['judge-report'])).code).toBe(2);
    expect((await runCaptured(['judge-report', 'x.jsonl', '--bogus'])).stderr).toMatch(/^Unknown option --bogus/);
    const rubrics = await files({ 'r.json': '{"id": "x", "version": "1", "name": {"zh": "x", "en": "x"}, "rubrics": []}' });
    const refused = await runCaptured(['judge-report', join(root, 'results.jsonl'), '--rubrics', join(rubrics, 'r.json')]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/r\.json: \$\.rubrics must be a non-empty list/);
  });
});
