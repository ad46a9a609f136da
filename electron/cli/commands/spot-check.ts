import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { checkSourceFile, type SourceFileCheck } from '../../../shared/import';
import { checkedValues, englishVerdict, fieldResults, percent1, READABLE_PROVENANCE_VERSIONS, reviewedTurns, reviewsNeeded, type FieldResult, type TurnToCheck } from '../../../shared/spot-check';
import type { CliCommand, CliIo } from '../io';
import { CLI_INVOCATION, EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE } from '../io';
import { forEachInputInPieces, inputProblemLine, skippedLine } from '../read-inputs';
import { noDialogueLine } from '../no-dialogue';
import { fileLine, lineText } from '../terminal-text';
import { repeatConflicts, repeatWarnings } from './spot-check-repeats';

const DEFAULT_THRESHOLD = 0.1;

const USAGE = `Usage: ${CLI_INVOCATION} spot-check <Maieutic export, file or folder>... [--threshold 0.1] [--json]

Compares, per field, the LLM pre-annotation recorded in a Maieutic SID export's review provenance
("maieutic": the value the expert was shown) with the expert's value on every turn the expert
reviewed that field (accepted, changed or unsure: an unsure value is the expert's best guess),
and only where the field applies to the turn's speaker (as the file's transcript names it). Label-set
fields are judged whole ("teaching_strategy") and per code ("teaching_strategy=guide_reasoning").
A reviewed turn where the LLM gave no value (none recorded, or empty) is "no LLM value": counted
apart, never as an error and not in n.

Each field gets n (reviewed values with an LLM value), errors, the error rate with its 95% Wilson
score interval [low, high], and a verdict that needs evidence either way:
  pass          high is below the threshold;
  fail          low is above the threshold, or n has reached "needed" and high is still at or
                above it (a clean sample of that size would have passed);
  insufficient  neither yet: "not enough reviewed yet (n of the needed)". needed is the smallest
                n at which 0 errors would pass (35 for 0.1); from there on every field gets a
                pass or a fail.

Each (dialogue, teacher model, turn, field) counts once. The same value read twice with the same
result (a file given twice, concatenated copies, a turn listed twice in a provenance) is printed
as "file:line: warning: …" naming both places and counted once; read twice with different results
it is an error: give one export of each data set. Provenance versions ${READABLE_PROVENANCE_VERSIONS.join(', ')} are read; any
other version is an error.

  --threshold R   the highest acceptable error rate, a fraction in (0, 1] (default ${DEFAULT_THRESHOLD}; 10% is 0.1)
  --json          print one JSON object {"fields": [{"field", "n", "errors", "noLlmValue", "rate", "low",
                  "high", "verdict", "needed"}]}, rates as fractions (rate null when n is 0), verdict
                  "pass", "fail" or "insufficient"

Exit code: 0 compared, 1 a file has errors, repeats a value with another result or holds no Maieutic
export (printed as file:line: message), 2 wrong command line.
`;

interface SpotCheckArgs {
  paths: string[];
  threshold: number;
  json: boolean;
}

export function parseSpotCheckArgs(args: readonly string[]): SpotCheckArgs | { error: string } {
  const paths: string[] = [];
  let threshold = DEFAULT_THRESHOLD;
  let json = false;
  for (let at = 0; at < args.length; at++) {
    const arg = args[at];
    if (arg === '--json') json = true;
    else if (arg === '--threshold' || arg.startsWith('--threshold=')) {
      const text = arg === '--threshold' ? args[++at] : arg.slice('--threshold='.length);
      if (text === undefined) return { error: '--threshold needs a value.' };
      const value = Number(text);
      if (text.trim() === '' || !Number.isFinite(value) || value <= 0 || value > 1) return { error: `--threshold is an error rate between 0 and 1, such as 0.1 for 10% (got "${text}").` };
      threshold = value;
    } else if (arg.startsWith('--')) return { error: `Unknown option ${arg}` };
    else paths.push(arg);
  }
  if (paths.length === 0) return { error: 'Name at least one Maieutic export (a file or a folder).' };
  return { paths, threshold, json };
}

/** One object per field; rates as fractions, verdict "pass" | "fail" | "insufficient" with the n it needs. */
export function spotCheckJson(results: readonly FieldResult[]) {
  return { fields: results.map(({ field, n, errors, noLlmValue, rate, low, high, verdict, needed }) => ({ field, n, errors, noLlmValue, rate, low, high, verdict, needed })) };
}

export function spotCheckText(results: readonly FieldResult[], summary: { dialogues: number; turns: number; threshold: number }): string {
  const rows = [
    ['field', 'n', 'errors', 'no LLM value', 'rate', '95% Wilson interval', 'verdict'],
    ...results.map((row) => [lineText(row.field), String(row.n), String(row.errors), String(row.noLlmValue), percent1(row.rate), `${percent1(row.low)} – ${percent1(row.high)}`, englishVerdict(row)]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => [...row[column]].length)));
  const table = rows.map((row) => row.map((text, column) => (column === 0 || column === 6 ? text.padEnd(widths[column]) : text.padStart(widths[column]))).join('  ').trimEnd()).join('\n');
  const fields = results.filter((row) => row.code === undefined);
  const named = (verdict: FieldResult['verdict']) => fields.filter((row) => row.verdict === verdict).map((row) => lineText(row.field));
  const failing = named('fail');
  const waiting = fields.filter((row) => row.verdict === 'insufficient').map((row) => `${lineText(row.field)} (${row.n} of ${row.needed})`);
  const needed = reviewsNeeded(summary.threshold);
  return (
    `${table}\n\n` +
    `${summary.turns} reviewed turn${summary.turns === 1 ? '' : 's'} in ${summary.dialogues} dialogue${summary.dialogues === 1 ? '' : 's'}; threshold ${percent1(summary.threshold)} (a field passes when the upper bound is below it; ${needed} reviewed values settle every field).\n` +
    (failing.length > 0 ? `Failing fields: ${failing.join(', ')}.\n` : '') +
    (waiting.length > 0 ? `Not enough reviewed yet: ${waiting.join(', ')}.\n` : '') +
    (failing.length === 0 && waiting.length === 0 ? 'Every field passes.\n' : '')
  );
}

async function run(args: readonly string[], io: CliIo): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(USAGE);
    return EXIT_OK;
  }
  const parsedArgs = parseSpotCheckArgs(args);
  if ('error' in parsedArgs) {
    io.stderr(`${parsedArgs.error}\n\n${USAGE}`);
    return EXIT_USAGE;
  }
  const checks: SourceFileCheck[] = [];
  const errors: string[] = [];
  const turns: TurnToCheck[] = [];
  let dialogues = 0;
  let exported = 0;
  let leftEmpty = 0;
  const { problems, skipped } = await forEachInputInPieces(parsedArgs.paths, ({ name, pieces, teacherModelFrom }) => {
    const fileTurns: TurnToCheck[] = [];
    const fileErrors: string[] = [];
    let fileDialogues = 0;
    let fileExported = 0;
    let fileLeftEmpty = 0;
    const check = checkSourceFile({ name, pieces }, { codebook: DEFAULT_CODEBOOK, teacherModelFrom, readOnlyValues: true, withoutEntryExtras: true }, (dialogue) => {
      fileDialogues++;
      const reviewed = reviewedTurns(dialogue, DEFAULT_CODEBOOK, name);
      if (!reviewed.ok) fileErrors.push(fileLine(name, dialogue.line, reviewed.problem));
      else if (reviewed.exported) {
        fileExported++;
        fileLeftEmpty += reviewed.leftEmpty;
        fileTurns.push(...reviewed.turns);
      }
    });
    checks.push(check);
    errors.push(...fileErrors);
    turns.push(...fileTurns);
    dialogues += fileDialogues;
    exported += fileExported;
    leftEmpty += fileLeftEmpty;
  });
  errors.unshift(...problems.map(inputProblemLine));
  for (const check of checks) for (const issue of check.issues) if (issue.severity === 'error') errors.push(fileLine(issue.file, issue.line, issue.message));
  if (checks.length === 0 && problems.length === 0) errors.push(`${lineText(parsedArgs.paths.join(', '))}: No data-set file (.jsonl .json .csv .tsv .txt) found.`);
  else if (errors.length === 0 && dialogues === 0) errors.push(...checks.map((check) => noDialogueLine(check, 'spot-check')));
  else if (errors.length === 0 && exported === 0) {
    errors.push(`${lineText(parsedArgs.paths.join(', '))}: No record carries Maieutic review provenance ("maieutic"): this is not a Maieutic export, so nothing records what an expert reviewed. Export the data set from the app (SID JSON Lines) and run the spot-check on that file.`);
  }
  const checked = checkedValues(DEFAULT_CODEBOOK, turns);
  if (errors.length === 0) errors.push(...repeatConflicts(checked.repeats));
  if (errors.length > 0) {
    io.stderr(`${errors.join('\n')}\n`);
    return EXIT_INPUT_ERRORS;
  }
  const notes = [...skipped.map(skippedLine), ...repeatWarnings(checked.repeats)];
  if (exported < dialogues) notes.push(`note: ${dialogues - exported} of ${dialogues} records carry no review provenance and were left out.`);
  if (leftEmpty > 0) notes.push(`note: ${leftEmpty} label${leftEmpty === 1 ? '' : 's'} the expert marked unsure ${leftEmpty === 1 ? 'was' : 'were'} left empty by the export and not checked (the file does not hold the guess); export with "keep the expert's guess" to check ${leftEmpty === 1 ? 'it' : 'them'}.`);
  if (notes.length > 0) io.stderr(`${notes.join('\n')}\n`);
  const results = fieldResults(DEFAULT_CODEBOOK, checked.values, { threshold: parsedArgs.threshold });
  io.stdout(parsedArgs.json ? `${JSON.stringify(spotCheckJson(results))}\n` : spotCheckText(results, { dialogues: checked.dialogues, turns: checked.turns, threshold: parsedArgs.threshold }));
  return EXIT_OK;
}

export const spotCheckCommand: CliCommand = { name: 'spot-check', usage: USAGE, run };
