/** `judge-report` on pairwise lines, worked by hand: per judge and pair of groups, only consistent verdicts counted. */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCaptured } from './run-captured';

const IDS = ['X-SRG', 'M-RCC', 'X-MSR', 'IRA', 'TCF'];

function pairLine(judge: string, pair: string, order: 'ab' | 'ba', verdict: 'first' | 'second' | 'tie' | null, extra: Record<string, unknown> = {}): string {
  const base = { pair, groupA: 'GPT-4o', groupB: 'Qwen', dialogueA: pair, dialogueB: pair, order, judge, sample: 0 };
  return JSON.stringify(verdict === null ? { ...base, status: 'failed', reason: 'no JSON', ...extra } : { ...base, status: 'valid', verdict, rationale: 'r', ...extra });
}

async function file(text: string): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'maieutic-pairwise-report-'));
  await writeFile(join(root, 'pairs.jsonl'), text);
  return join(root, 'pairs.jsonl');
}

describe('judge-report with pairwise lines', () => {
  it('counts per judge: consistent wins and ties, the inconsistency rate, incomplete pairs, and keeps score lines beside them', async () => {
    const lines = [
      // deepseek: p1 A (first, then second), p2 tie, p3 "first" both (inconsistent), p4 half failed, p5 B (second, then first)
      pairLine('deepseek', 'p1', 'ab', 'first'), pairLine('deepseek', 'p1', 'ba', 'second'),
      pairLine('deepseek', 'p2', 'ab', 'tie'), pairLine('deepseek', 'p2', 'ba', 'tie'),
      pairLine('deepseek', 'p3', 'ab', 'first'), pairLine('deepseek', 'p3', 'ba', 'first'),
      pairLine('deepseek', 'p4', 'ab', 'first'), pairLine('deepseek', 'p4', 'ba', null),
      pairLine('deepseek', 'p5', 'ab', 'second'), pairLine('deepseek', 'p5', 'ba', 'first'),
      // a repeated line is read once
      pairLine('deepseek', 'p5', 'ab', 'first'),
      // qwen judge: p1 B then A (inconsistent, not the first position both times)
      pairLine('qwen', 'p1', 'ab', 'second'), pairLine('qwen', 'p1', 'ba', 'second'),
      JSON.stringify({ dialogue: '1-1-1', group: 'GPT-4o', judge: 'deepseek', sample: 0, status: 'valid', scores: IDS.map((rubric) => ({ rubric, score: 4, rationale: '' })) }),
    ];
    const path = await file(`${lines.join('\n')}\n`);
    const json = await runCaptured(['judge-report', path, '--json']);
    expect(json.code, json.stderr).toBe(0);
    expect(json.stderr).toMatch(/1 pairwise line repeats/);
    const report = JSON.parse(json.stdout) as { groups: { group: string }[]; pairwise: Record<string, unknown>[] };
    expect(report.groups).toHaveLength(5);
    // deepseek: judged 4 (p1, p2, p3, p5), consistent 3: A 1, B 1, tie 1 → win rate A (1 + 0.5) / 3; inconsistent 1 of 4
    expect(report.pairwise).toEqual([
      { judge: 'deepseek', groupA: 'GPT-4o', groupB: 'Qwen', judged: 4, consistent: 3, inconsistent: 1, winsA: 1, winsB: 1, ties: 1, winRateA: 0.5, positionInconsistencyRate: 0.25 },
      { judge: 'qwen', groupA: 'GPT-4o', groupB: 'Qwen', judged: 1, consistent: 0, inconsistent: 1, winsA: 0, winsB: 0, ties: 0, winRateA: null, positionInconsistencyRate: 1 },
    ]);
    const text = await runCaptured(['judge-report', path]);
    expect(text.stdout).toMatch(/Table I/);
    expect(text.stdout).toMatch(/deepseek\s+GPT-4o vs Qwen\s+4\s+1\s+3\s+1\s+1\s+1\s+0\.500\s+0\.250\s+1/);
    expect(text.stdout).toMatch(/qwen\s+GPT-4o vs Qwen\s+1\s+0\s+0\s+0\s+0\s+0\s+—\s+1\.000\s+0/);
  });

  it('refuses a line whose winner does not follow from its verdict and order, or a failed line with a verdict, as file:line', async () => {
    const path = await file(`${[pairLine('j', 'p1', 'ba', 'first', { winner: 'A' }), pairLine('j', 'p2', 'ab', null, { verdict: 'first' }), pairLine('j', 'p3', 'xy' as never, 'first')].join('\n')}\n`);
    const run = await runCaptured(['judge-report', path, '--json']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/pairs\.jsonl:1: "winner" "A" does not follow from the verdict "first" in the order "ba"/);
    expect(run.stderr).toMatch(/pairs\.jsonl:2: a failed line holds no verdict/);
    expect(run.stderr).toMatch(/pairs\.jsonl:3: "order" must be "ab" or "ba"/);
  });
});
