import { basename, dirname, resolve } from 'node:path';
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { checkSourceFile, type SourceFileCheck } from '../../../shared/import';
import {
  computeMetrics,
  DEFAULT_RESAMPLES,
  DEFAULT_SEED,
  DEFAULT_WEIGHTS,
  hasReviewProvenance,
  metricTurnFromValues,
  parseWeights,
  preAnnotationValues,
  provenanceVersionProblem,
  turnsLeftOutOfExport,
  unsureLeftEmpty,
  type MetricDialogue,
  type MetricsSettings,
} from '../../../shared/metrics';
import type { ParsedDialogue } from '../../../shared/model/dataset';
import { cliDialogueId, DialogueNames } from '../dialogue-id';
import type { CliCommand, CliIo } from '../io';
import { CLI_INVOCATION, EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE } from '../io';
import { ENCODING_USAGE, encodingOption, forEachInputInPieces, inputProblemLine, skippedLine } from '../read-inputs';
import type { TextEncodingName } from '../../../shared/import/file-rules';
import { addSkipped, metricsJson, metricsText, noneLeftEmpty, noneSkipped, skippedSentence } from './metrics-format';
import { addReviewRecords, addToReviewRecord, describeLayer, emptyReviewRecord, type MetricsLayer } from './metrics-layer';
import { noDialogueLine } from '../no-dialogue';
import { fileLine, lineText } from '../terminal-text';

const USAGE = `Usage: ${CLI_INVOCATION} metrics <file or folder>... [--layer verified|llm]
         [--group-by folder|file|none] [--strict-3c] [--weights SD=0.15,SV=0.10,...]
         [--seed N] [--resamples N] [--encoding E] [--json]

Scores SID-native files with the SID paper's objective metrics (SD, SV, IKT, BP, SC, L3 GR, 3C) and
TotalScore, per dialogue and per group (teacher model), as the paper's Table II.

  --layer verified   the annotations as the files hold them (default): in a Maieutic export, the
                     expert's values where reviewed and the pre-annotation elsewhere; a file
                     without Maieutic review provenance (e.g. an LLM's output) is unchecked, and
                     the text output says so
  --layer llm        the LLM pre-annotation: reviewed fields take the value recorded in the file's
                     review provenance ("maieutic"); a file never reviewed is its own pre-annotation
  --group-by folder  the group is the name of the folder holding each file (default)
  --group-by file    the group is the file name;  --group-by none: one group "all"
  --strict-3c        leave dialogues without an incorrect answer out of 3C (and TotalScore) instead
                     of scoring them 1.0 (the paper's convention)
  --weights ...      TotalScore weights by metric name over the paper's (SD=0.15, SV=0.10, IKT=0.15,
                     BP=0.15, SC=0.15, L3_GR=0.10, 3C=0.20); they must sum to 1
  --seed N, --resamples N
                     the bootstrap of the per-group 95% intervals (default seed ${DEFAULT_SEED}, ${DEFAULT_RESAMPLES} resamples; 0: none)
${ENCODING_USAGE}
  --json             print one JSON object {dialogues: [...], groups: [...]}, metrics as fractions in
                     [0, 1] (3C and TotalScore null for a dialogue --strict-3c leaves out), and
                     "skipped" when dialogues were not scored (see below)

A Maieutic export of verified turns keeps every turn's text but only the verified turns' labels
(its provenance marks the others inScope: false). The metrics count over every turn of a
dialogue, so a dialogue with such turns is not scored (it would score as if those turns had no
labels); how many, and why, is printed with the results ("skipped" in --json). Labels an expert
marked unsure that an export left empty count as no label on the files' layer; how many is
printed too ("unsureLeftEmpty" in --json).

Dialogue ids are <topic_id>-<student_id>-<repeat_id> when the record has those keys, else <file>:<line>.
Exit code: 0 scored, 1 a file has errors (printed as file:line: message) or no file holds a
dialogue, 2 wrong command line.
`;

type GroupBy = 'folder' | 'file' | 'none';

interface MetricsArgs {
  paths: string[];
  layer: MetricsLayer;
  groupBy: GroupBy;
  settings: MetricsSettings;
  json: boolean;
  encoding?: TextEncodingName;
}

const VALUE_OPTIONS = new Set(['--layer', '--group-by', '--weights', '--seed', '--resamples', '--encoding']);

function wholeNumber(option: string, text: string, least: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < least) throw new Error(`${option} needs a whole number of at least ${least} (got "${text}").`);
  return value;
}

/** The command line, or the reason it is wrong. */
export function parseMetricsArgs(args: readonly string[]): MetricsArgs | { error: string } {
  const paths: string[] = [];
  const values = new Map<string, string>();
  let strict = false;
  let json = false;
  for (let at = 0; at < args.length; at++) {
    const arg = args[at];
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') && !arg.startsWith('--weights=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (arg.startsWith('--weights=')) {
      values.set('--weights', arg.slice('--weights='.length));
    } else if (VALUE_OPTIONS.has(flag)) {
      const value = inline ?? args[++at];
      if (value === undefined) return { error: `${flag} needs a value.` };
      values.set(flag, value);
    } else if (arg === '--strict-3c') strict = true;
    else if (arg === '--json') json = true;
    else if (arg.startsWith('--')) return { error: `Unknown option ${arg}` };
    else paths.push(arg);
  }
  if (paths.length === 0) return { error: 'Name at least one file or folder.' };
  const layer = values.get('--layer') ?? 'verified';
  if (layer !== 'verified' && layer !== 'llm') return { error: `--layer is "verified" or "llm" (got "${layer}").` };
  const groupBy = values.get('--group-by') ?? 'folder';
  if (groupBy !== 'folder' && groupBy !== 'file' && groupBy !== 'none') return { error: `--group-by is folder, file or none (got "${groupBy}").` };
  const encoding = values.has('--encoding') ? encodingOption(values.get('--encoding') ?? '') : null;
  if (encoding && 'error' in encoding) return { error: encoding.error };
  try {
    const weights = values.has('--weights') ? parseWeights(values.get('--weights') ?? '') : DEFAULT_WEIGHTS;
    const seed = values.has('--seed') ? wholeNumber('--seed', values.get('--seed') ?? '', 0) : DEFAULT_SEED;
    const resamples = values.has('--resamples') ? wholeNumber('--resamples', values.get('--resamples') ?? '', 0) : DEFAULT_RESAMPLES;
    return { paths, layer, groupBy, json, encoding: encoding?.encoding, settings: { weights, threeC: strict ? 'strict' : 'vacuous-one', bootstrap: { seed, resamples } } };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function groupOf(file: string, groupBy: GroupBy): string {
  if (groupBy === 'none') return 'all';
  if (groupBy === 'file') return basename(file);
  return basename(dirname(resolve(file)));
}

/** One dialogue on the chosen layer, as the metrics read it, under the name `judge` gives it too. */
function metricDialogue(id: string, group: string, dialogue: ParsedDialogue, layer: MetricsLayer): MetricDialogue {
  const values = layer === 'llm' ? preAnnotationValues(dialogue, DEFAULT_CODEBOOK) : dialogue.turns.map((turn) => turn.pre);
  return { id, group, turns: dialogue.turns.map((turn, position) => metricTurnFromValues(turn.speaker, values[position])) };
}

async function run(args: readonly string[], io: CliIo): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(USAGE);
    return EXIT_OK;
  }
  const parsedArgs = parseMetricsArgs(args);
  if ('error' in parsedArgs) {
    io.stderr(`${parsedArgs.error}\n\n${USAGE}`);
    return EXIT_USAGE;
  }
  // each file is scored as it is read: only what the metrics read of each dialogue is kept, never
  // the dialogues themselves (nor a file's text once it is read)
  const { layer, groupBy } = parsedArgs;
  const parsed: SourceFileCheck[] = [];
  const dialogues: MetricDialogue[] = [];
  // named as judge names them, so the results of both join; a repeated id is scored too
  const names = new DialogueNames('both are scored');
  const duplicateWarnings: string[] = [];
  const review = emptyReviewRecord();
  const skippedDialogues = noneSkipped();
  const leftEmpty = noneLeftEmpty();
  const provenanceErrors: string[] = [];
  let withProvenance = 0;
  const { problems, skipped } = await forEachInputInPieces(
    parsedArgs.paths,
    ({ name, pieces, teacherModelFrom }) => {
      // the dialogues are only read here: their values may be shared (nothing changes them), and the
      // entries' extras, which only an export writes back, are not collected. What a file gives is
      // kept only once its check is done: a file found undecodable part way is read again whole.
      const group = groupOf(name, groupBy);
      const fileDialogues: { dialogue: Pick<ParsedDialogue, 'topicId' | 'studentId' | 'repeatId' | 'line'>; metric: MetricDialogue }[] = [];
      const fileReview = emptyReviewRecord();
      const fileSkipped = noneSkipped();
      const fileLeftEmpty = noneLeftEmpty();
      const fileErrors: string[] = [];
      let fileProvenance = 0;
      const check = checkSourceFile({ name, pieces }, { codebook: DEFAULT_CODEBOOK, teacherModelFrom, readOnlyValues: true, withoutEntryExtras: true }, (dialogue) => {
        const problem = provenanceVersionProblem(dialogue);
        if (problem) return void fileErrors.push(fileLine(name, dialogue.line, problem));
        const leftOut = turnsLeftOutOfExport(dialogue);
        if (leftOut > 0) return void addSkipped(fileSkipped, { dialogues: 1, turnsWithoutLabels: leftOut, turns: dialogue.turns.length, ids: [cliDialogueId(dialogue, name)] });
        const { topicId, studentId, repeatId, line } = dialogue;
        fileDialogues.push({ dialogue: { topicId, studentId, repeatId, line }, metric: metricDialogue('', group, dialogue, layer) });
        // the llm layer takes reviewed fields from the provenance's `pre`: only the file's own layer reads them empty
        const emptied = layer === 'verified' ? unsureLeftEmpty(dialogue) : 0;
        if (emptied > 0) {
          fileLeftEmpty.labels += emptied;
          fileLeftEmpty.dialogues += 1;
        }
        addToReviewRecord(fileReview, dialogue);
        if (hasReviewProvenance(dialogue)) fileProvenance++;
      });
      parsed.push(check);
      for (const { dialogue, metric } of fileDialogues) {
        const named = names.name(dialogue, name, group);
        if (named.warning !== null) duplicateWarnings.push(named.warning);
        dialogues.push({ ...metric, id: named.id });
      }
      addReviewRecords(review, fileReview);
      addSkipped(skippedDialogues, fileSkipped);
      leftEmpty.labels += fileLeftEmpty.labels;
      leftEmpty.dialogues += fileLeftEmpty.dialogues;
      provenanceErrors.push(...fileErrors);
      withProvenance += fileProvenance;
    },
    { encoding: parsedArgs.encoding },
  );
  const errors = [...problems.map(inputProblemLine), ...provenanceErrors];
  const notes: string[] = [...skipped.map(skippedLine), ...duplicateWarnings];
  for (const file of parsed) {
    for (const issue of file.issues) if (issue.severity === 'error') errors.push(fileLine(issue.file, issue.line, issue.message));
    const warnings = file.issues.filter((issue) => issue.severity === 'warning').length;
    if (warnings > 0) notes.push(fileLine(file.file, null, `note: ${warnings} import warning${warnings === 1 ? '' : 's'} (unknown labels count for nothing; "${CLI_INVOCATION} validate ${file.file}" lists them).`));
  }
  if (parsed.length === 0 && problems.length === 0) errors.push(`${lineText(parsedArgs.paths.join(', '))}: No data-set file (.jsonl .json .csv .tsv .txt) found.`);
  if (errors.length > 0) {
    io.stderr(`${errors.join('\n')}\n`);
    return EXIT_INPUT_ERRORS;
  }
  // (a file with errors stops here, so every dialogue counted below comes from a file that imports)
  if (dialogues.length === 0 && skippedDialogues.dialogues === 0) {
    io.stderr(`${parsed.map((file) => noDialogueLine(file, 'score')).join('\n')}\n`);
    return EXIT_INPUT_ERRORS;
  }
  if (dialogues.length === 0 && skippedDialogues.dialogues > 0) {
    io.stderr(`${lineText(parsedArgs.paths.join(', '))}: No dialogue could be scored. ${skippedSentence(skippedDialogues)}\n`);
    return EXIT_INPUT_ERRORS;
  }
  if (layer === 'llm' && withProvenance < dialogues.length) notes.push(`note: ${dialogues.length - withProvenance} of ${dialogues.length} dialogues carry no review provenance; for them the llm layer is the file's annotations.`);
  if (notes.length > 0) io.stderr(`${notes.join('\n')}\n`);
  // the CLI prints the groups only: the overall column is not resampled
  const report = computeMetrics(dialogues, parsedArgs.settings, { overallIntervals: false });
  io.stdout(parsedArgs.json ? `${JSON.stringify(metricsJson(report, skippedDialogues, leftEmpty))}\n` : metricsText(report, describeLayer(layer, review), skippedDialogues, leftEmpty));
  return EXIT_OK;
}

export const metricsCommand: CliCommand = { name: 'metrics', usage: USAGE, run };
