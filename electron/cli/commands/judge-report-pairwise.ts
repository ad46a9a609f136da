/** The pairwise part of `judge-report`: per judge and pair of groups, as text and as the `pairwise` key of --json. */
import type { PairwiseReportRow } from '../../../shared/judge';
import { lineText } from '../terminal-text';

function fixed(value: number | null, digits: number): string {
  return value === null ? '—' : value.toFixed(digits);
}

export function pairwiseText(rows: readonly PairwiseReportRow[]): string {
  const out = ['', 'Pairwise: each pair judged in both orders; only verdicts that name the same group both times count (win rate A = (wins A + ties/2) / consistent); position-inconsistency rate = inconsistent / pairs judged in both orders.'];
  const table: string[][] = [['judge', 'A vs B', 'judged', 'incomplete', 'consistent', 'wins A', 'wins B', 'ties', 'win rate A', 'inconsistency', 'first-position favoured']];
  for (const row of rows) {
    table.push([
      lineText(row.judge),
      `${lineText(row.groupA)} vs ${lineText(row.groupB)}`,
      String(row.judged),
      String(row.incomplete),
      String(row.consistent),
      String(row.winsA),
      String(row.winsB),
      String(row.ties),
      fixed(row.winRateA, 3),
      fixed(row.positionInconsistencyRate, 3),
      String(row.firstPositionFavoured),
    ]);
  }
  const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
  for (const row of table) out.push(`  ${row.map((text, column) => text.padEnd(widths[column])).join('  ').trimEnd()}`);
  if (rows.some((row) => row.incomplete > 0)) out.push('  incomplete: pairs with an order whose answer failed; counted nowhere else.');
  return `${out.join('\n')}\n`;
}

/** Exactly the fields the `pairwise` key documents. */
export function pairwiseJson(rows: readonly PairwiseReportRow[]) {
  return rows.map((row) => ({
    judge: row.judge,
    groupA: row.groupA,
    groupB: row.groupB,
    judged: row.judged,
    consistent: row.consistent,
    inconsistent: row.inconsistent,
    winsA: row.winsA,
    winsB: row.winsB,
    ties: row.ties,
    winRateA: row.winRateA,
    positionInconsistencyRate: row.positionInconsistencyRate,
  }));
}
