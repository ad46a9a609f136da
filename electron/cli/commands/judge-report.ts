import {
  buildScoreIndex,
  calibrate,
  isPairwiseLine,
  pairwiseReport,
  parseExpertsCsv,
  readPairwiseLine,
  readResultLine,
  rubricSetRef,
  tableOne,
  type Calibration,
  type ExpertScore,
  type JudgeResultLine,
  type PairwiseResultLine,
  type RubricSet,
  type TableOne,
} from '../../../shared/judge';
import type { CliCommand, CliIo } from '../io';
import { CLI_INVOCATION, EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE } from '../io';
import { forEachInput, inputProblemLine, skippedLine } from '../read-inputs';
import { fileLine, lineText } from '../terminal-text';
import { pairwiseJson, pairwiseText } from './judge-report-pairwise';
import { loadRubricSet } from './rubric-set-file';

const USAGE = `Usage: ${CLI_INVOCATION} judge-report <results.jsonl>... [--experts scores.csv]
         [--rubrics sid|file.json] [--json]

Prints the Table I figures of judge results (one JSON line per dialogue, judge and sample, as the
judge command writes them): per teacher model (group), judge and rubric the number of dialogues,
the mean and the standard deviation, and the weighted overall score. With several samples per
dialogue each dialogue's samples are averaged first, then n, mean and sd are over dialogues.
Failed answers are counted, never averaged in.

Pairwise lines (judge --pairwise) are reported per judge and pair of groups: pairs judged in both
orders, incomplete ones (an order failed), consistent verdicts (the same group named both times),
wins of A and of B, ties, the win rate of A ((wins A + ties/2) / consistent), the
position-inconsistency rate (inconsistent / judged) and how many inconsistent pairs favoured the
first position both times. With several samples, each sample of a pair is its own comparison.

  --experts FILE     CSV with the header dialogue,rubric,rater,score (optionally group): prints the
                     calibration of each judge and rubric against the mean of the expert raters per
                     dialogue: n, Pearson, Spearman, Kendall's tau-b, quadratic-weighted kappa (on
                     dialogues one expert scored), mean bias (judge − expert) with its 95% interval
  --rubrics sid      the rubric set the results were scored on: the SID rubrics (default) or a
                     rubric-set JSON file
  --json             print one JSON object {"groups": [{group, judge, rubric, n, mean, sd}],
                     "calibration": [{judge, rubric, n, pearson, spearman, kendall, qwk, bias}],
                     "pairwise": [{judge, groupA, groupB, judged, consistent, inconsistent, winsA,
                     winsB, ties, winRateA, positionInconsistencyRate}]} (calibration empty without
                     --experts, pairwise empty without pairwise lines)

Exit code: 0 reported, 1 a file has errors (printed as file:line: message), no file holds a result
line or the experts file holds no score, 2 wrong command line.
`;

interface ReportArgs {
  paths: string[];
  experts: string | null;
  rubrics: string;
  json: boolean;
}

const MAX_SHOWN_ERRORS = 50;

export function parseJudgeReportArgs(args: readonly string[]): ReportArgs | { error: string } {
  const paths: string[] = [];
  let experts: string | null = null;
  let rubrics = 'sid';
  let json = false;
  for (let at = 0; at < args.length; at++) {
    const arg = args[at];
    const eq = arg.indexOf('=');
    const [flag, inline] = arg.startsWith('--') && eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    if (flag === '--experts' || flag === '--rubrics') {
      const value = inline ?? args[++at];
      if (value === undefined || value === '') return { error: `${flag} needs a value.` };
      if (flag === '--experts') experts = value;
      else rubrics = value;
    } else if (arg === '--json') json = true;
    else if (arg.startsWith('--')) return { error: `Unknown option ${arg}` };
    else paths.push(arg);
  }
  if (paths.length === 0) return { error: 'Name at least one results file.' };
  return { paths, experts, rubrics, json };
}


function readResults(name: string, text: string, set: RubricSet, lines: JudgeResultLine[], pairwise: PairwiseResultLine[], errors: string[]): void {
  const { hash } = rubricSetRef(set);
  let from = 0;
  for (let number = 1; from <= text.length; number++) {
    let end = text.indexOf('\n', from);
    if (end === -1) end = text.length;
    const raw = text.slice(from, end).replace(/\r$/, '');
    from = end + 1;
    if (raw.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(number === 1 ? raw.replace(/^\ufeff/, '') : raw);
    } catch (error) {
      errors.push(fileLine(name, number, `not a JSON line (${error instanceof Error ? error.message.slice(0, 120) : String(error)})`));
      continue;
    }
    const read = isPairwiseLine(value) ? readPairwiseLine(value) : readResultLine(set, value);
    if (!read.ok) errors.push(fileLine(name, number, read.problems.join('; ')));
    else if (read.line.rubricSet && read.line.rubricSet.hash !== hash) {
      errors.push(fileLine(name, number, `scored against the rubric set ${read.line.rubricSet.id} ${read.line.rubricSet.version} (hash ${read.line.rubricSet.hash}), not ${set.id} ${set.version} (hash ${hash}); name its file with --rubrics`));
    } else if ('pair' in read.line) pairwise.push(read.line);
    else lines.push(read.line);
  }
}

function fixed(value: number | null, digits = 2): string {
  return value === null ? '—' : value.toFixed(digits);
}

function tableText(table: TableOne, set: RubricSet): string {
  const out: string[] = [];
  const judges = [...new Set(table.cells.map((cell) => cell.judge))];
  const groups = [...new Set(table.cells.map((cell) => cell.group))];
  const ref = rubricSetRef(set);
  out.push(`Table I: rubric set ${ref.id} ${ref.version} (hash ${ref.hash}); each cell mean (n dialogues, sd); per dialogue the mean of its valid samples first.`);
  for (const judge of judges) {
    out.push('', `Judge ${lineText(judge)}`);
    const rows: string[][] = [['rubric', ...groups.map((group) => lineText(group))]];
    for (const rubric of set.rubrics) {
      rows.push([rubric.id, ...groups.map((group) => {
        const cell = table.cells.find((candidate) => candidate.judge === judge && candidate.group === group && candidate.rubric === rubric.id)!;
        return `${fixed(cell.mean)} (n ${cell.n}, sd ${fixed(cell.sd)})`;
      })]);
    }
    rows.push(['overall', ...groups.map((group) => {
      const cell = table.overall.find((candidate) => candidate.judge === judge && candidate.group === group)!;
      return `${fixed(cell.mean)} (n ${cell.n}, sd ${fixed(cell.sd)})`;
    })]);
    const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
    for (const row of rows) out.push(`  ${row.map((text, column) => text.padEnd(widths[column])).join('  ').trimEnd()}`);
    const failed = table.overall.filter((cell) => cell.judge === judge).reduce((sum, cell) => sum + cell.failed, 0);
    if (failed > 0) out.push(`  ${failed} failed sample${failed === 1 ? '' : 's'} (answers that stayed invalid), not in any mean.`);
  }
  return `${out.join('\n')}\n`;
}

function calibrationText(calibration: Calibration): string {
  const out = ['', 'Calibration against the experts (expert value: the mean of the expert raters per dialogue and rubric; qwk on dialogues one expert scored):'];
  const rows: string[][] = [['judge', 'rubric', 'n', 'pearson', 'spearman', 'kendall', 'qwk (n)', 'bias [95% CI]', 'variance judge / expert']];
  for (const row of calibration.rows) {
    rows.push([
      lineText(row.judge),
      row.rubric,
      String(row.n),
      fixed(row.pearson.value, 3),
      fixed(row.spearman.value, 3),
      fixed(row.kendall.value, 3),
      `${fixed(row.qwk.value, 3)} (${row.qwkN})`,
      `${fixed(row.bias)}${row.biasCi95 ? ` [${fixed(row.biasCi95[0])}, ${fixed(row.biasCi95[1])}]` : ''}`,
      `${fixed(row.judgeVariance)} / ${fixed(row.expertVariance)}`,
    ]);
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows) out.push(`  ${row.map((text, column) => text.padEnd(widths[column])).join('  ').trimEnd()}`);
  const { unmatched, ambiguous } = calibration.experts;
  if (unmatched > 0) out.push(`  note: ${unmatched} expert score${unmatched === 1 ? '' : 's'} name a dialogue no judge result has.`);
  if (ambiguous > 0) out.push(`  note: ${ambiguous} expert score${ambiguous === 1 ? '' : 's'} name a dialogue id found under several groups; add a group column.`);
  if (calibration.rows.length === 0) out.push('  No dialogue is scored by both a judge and an expert.');
  return `${out.join('\n')}\n`;
}

/** Exactly the object the issue names, and the pairwise figures. */
function reportJson(table: TableOne, calibration: Calibration | null, pairwise: ReturnType<typeof pairwiseJson>) {
  return {
    groups: table.cells.map((cell) => ({ group: cell.group, judge: cell.judge, rubric: cell.rubric, n: cell.n, mean: cell.mean, sd: cell.sd })),
    calibration: (calibration?.rows ?? []).map((row) => ({
      judge: row.judge,
      rubric: row.rubric,
      n: row.n,
      pearson: row.pearson.value,
      spearman: row.spearman.value,
      kendall: row.kendall.value,
      qwk: row.qwk.value,
      bias: row.bias,
    })),
    pairwise,
  };
}

async function run(args: readonly string[], io: CliIo): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(USAGE);
    return EXIT_OK;
  }
  const parsed = parseJudgeReportArgs(args);
  if ('error' in parsed) {
    io.stderr(`${parsed.error}\n\n${USAGE}`);
    return EXIT_USAGE;
  }
  const set = await loadRubricSet(parsed.rubrics);
  if ('errors' in set) {
    io.stderr(`${set.errors.join('\n')}\n`);
    return EXIT_INPUT_ERRORS;
  }
  const lines: JudgeResultLine[] = [];
  const pairwiseLines: PairwiseResultLine[] = [];
  const errors: string[] = [];
  let files = 0;
  /** files that hold no result line, said when no file holds one */
  const empty: string[] = [];
  const read = await forEachInput(parsed.paths, ({ name, text }) => {
    files++;
    const before = lines.length + pairwiseLines.length;
    const errorsBefore = errors.length;
    readResults(name, text, set, lines, pairwiseLines, errors);
    if (lines.length + pairwiseLines.length === before && errors.length === errorsBefore) {
      empty.push(fileLine(name, null, `holds no result line (the file is empty or holds only blank lines); nothing to report. Give the --out file of a judge run.`));
    }
  });
  errors.unshift(...read.problems.map(inputProblemLine));
  let experts: ExpertScore[] = [];
  if (parsed.experts !== null) {
    const expertFile = parsed.experts;
    const expertRead = await forEachInput([expertFile], ({ name, text }) => {
      const result = parseExpertsCsv(text, set);
      experts = result.scores;
      for (const problem of result.problems) errors.push(fileLine(name, problem.line, problem.message));
      if (result.scores.length === 0 && result.problems.length === 0) errors.push(fileLine(name, null, 'holds no expert score (a header alone); nothing to calibrate against'));
    });
    errors.push(...expertRead.problems.map(inputProblemLine));
  }
  const notes = read.skipped.map(skippedLine);
  if (files === 0 && read.problems.length === 0) errors.push(`${lineText(parsed.paths.join(', '))}: No results file found.`);
  else if (errors.length === 0 && lines.length === 0 && pairwiseLines.length === 0) errors.push(...empty);
  if (errors.length > 0) {
    const shown = errors.slice(0, MAX_SHOWN_ERRORS);
    if (errors.length > MAX_SHOWN_ERRORS) shown.push(`… and ${errors.length - MAX_SHOWN_ERRORS} more problems.`);
    io.stderr(`${shown.join('\n')}\n`);
    return EXIT_INPUT_ERRORS;
  }
  const index = buildScoreIndex(set, lines);
  if (index.duplicateLines > 0) notes.push(`note: ${index.duplicateLines} line${index.duplicateLines === 1 ? ' repeats' : 's repeat'} a dialogue, judge and sample already read; the first is used.`);
  const pairwise = pairwiseReport(pairwiseLines);
  if (pairwise.duplicates > 0) notes.push(`note: ${pairwise.duplicates} pairwise line${pairwise.duplicates === 1 ? ' repeats' : 's repeat'} a judge, pair, order and sample already read; the first is used.`);
  if (notes.length > 0) io.stderr(`${notes.join('\n')}\n`);
  const table = tableOne(index);
  const calibration = parsed.experts !== null ? calibrate(index, experts) : null;
  if (parsed.json) io.stdout(`${JSON.stringify(reportJson(table, calibration, pairwiseJson(pairwise.rows)))}\n`);
  else {
    // a file of pairwise lines only has no Table I to print
    const scores = lines.length > 0 || pairwiseLines.length === 0 ? tableText(table, set) : '';
    io.stdout(scores + (calibration ? calibrationText(calibration) : '') + (pairwise.rows.length > 0 ? pairwiseText(pairwise.rows) : ''));
  }
  return EXIT_OK;
}

export const judgeReportCommand: CliCommand = { name: 'judge-report', usage: USAGE, run };
