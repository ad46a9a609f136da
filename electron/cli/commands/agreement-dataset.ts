import { agreementReport } from '../../../shared/agreement';
import type { DetailedResult } from '../../../shared/agreement';
import { defaultScales, layerNames, layerRatingTables, matchLayers, MISSING_REASON_WORDS, ratableFields } from '../../../shared/layers';
import type { AnnotationLayer, LayerFieldTable, LayerFile, LayerMatch, MissingReason } from '../../../shared/layers';
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { checkSourceFile, type SourceFileCheck } from '../../../shared/import';
import type { ParsedDialogue } from '../../../shared/model/dataset';
import type { CliIo } from '../io';
import { CLI_INVOCATION, EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE } from '../io';
import { forEachInputInPieces, inputProblemLine, skippedLine } from '../read-inputs';
import type { DatasetArgs } from './agreement-args';
import { formatJson, formatText } from './agreement-format';
import { noDialogueLine } from '../no-dialogue';
import { fileLine, lineText } from '../terminal-text';

const HOW_TO_CHOOSE = 'with --raters A,B (layer names)';

/** Reads and parses every layer; null (after printing why) when a layer cannot be used at all. */
async function readLayers(args: DatasetArgs, io: CliIo): Promise<AnnotationLayer[] | null> {
  const names = layerNames(args.datasets);
  const layers: AnnotationLayer[] = [];
  const errors: string[] = [];
  const notes: string[] = [];
  for (const [index, path] of args.datasets.entries()) {
    // matching only reads the dialogues: their values may be shared, their extras are not wanted,
    // and a file with an error stops the command before any of its dialogues is used
    const checks: SourceFileCheck[] = [];
    const files: LayerFile[] = [];
    const { problems, skipped } = await forEachInputInPieces(
      [path],
      ({ name, pieces, teacherModelFrom }) => {
        const dialogues: ParsedDialogue[] = [];
        checks.push(checkSourceFile({ name, pieces }, { codebook: DEFAULT_CODEBOOK, teacherModelFrom, readOnlyValues: true, withoutEntryExtras: true }, (dialogue) => void dialogues.push(dialogue)));
        files.push({ file: name, dialogues });
      },
      { encoding: args.encoding },
    );
    for (const problem of problems) errors.push(inputProblemLine(problem));
    notes.push(...skipped.map(skippedLine));
    if (problems.length === 0 && files.length === 0) errors.push(fileLine(path, null, 'This folder holds no data-set file (.jsonl .json .csv .tsv .txt).'));
    // a layer of files that hold no dialogue has nothing to rate
    if (problems.length === 0 && files.length > 0 && files.every((file) => file.dialogues.length === 0) && checks.every((file) => file.issues.every((issue) => issue.severity !== 'error'))) {
      errors.push(...checks.map((file) => noDialogueLine(file, 'rate in this layer')));
    }
    for (const file of checks) {
      for (const issue of file.issues) if (issue.severity === 'error') errors.push(fileLine(issue.file, issue.line, issue.message));
      const warnings = file.issues.filter((issue) => issue.severity === 'warning').length;
      if (warnings > 0) notes.push(fileLine(file.file, null, `note: the import reports ${warnings} warning${warnings === 1 ? '' : 's'} (unknown labels, unaligned annotations, …); "${CLI_INVOCATION} validate ${file.file}" lists them.`));
    }
    layers.push({ name: names[index], files });
  }
  if (errors.length > 0) {
    io.stderr(`${errors.join('\n')}\n`);
    return null;
  }
  if (notes.length > 0) io.stderr(`${notes.join('\n')}\n`);
  return layers;
}

function missingWords(missing: Record<MissingReason, number>): string {
  const parts = (Object.keys(missing) as MissingReason[]).filter((reason) => missing[reason] > 0).map((reason) => `${missing[reason]} ${MISSING_REASON_WORDS[reason]}`);
  return parts.length === 0 ? 'no missing ratings' : `missing ratings: ${parts.join(', ')}`;
}

/** What entered each table: the counts behind `items` and `missing`, so nothing is dropped unseen. */
function summaryLines(match: LayerMatch, tables: readonly LayerFieldTable[]): string[] {
  const normalized = match.normalizedTurnMatches > 0 ? ` (${match.normalizedTurnMatches} turn pairing${match.normalizedTurnMatches === 1 ? '' : 's'} by folded text)` : '';
  const lines = [`Layers ${match.layers.map((name) => `"${name}"`).join(', ')}: ${match.matchedDialogues} dialogues and ${match.items.length} turns matched${normalized}.`];
  const seen = new Set<string>();
  for (const table of tables) {
    // the binary tables of one set field share their items and missing ratings
    if (seen.has(table.fieldId)) continue;
    seen.add(table.fieldId);
    const name = table.code === null ? table.fieldId : `${table.fieldId}=* (one absent/present table per code)`;
    const excluded = table.notApplicable > 0 ? `, ${table.notApplicable} not applicable to the speaker left out` : '';
    lines.push(`${name}: ${table.table.items.length} items${excluded}; ${missingWords(table.missing)}.`);
  }
  return lines;
}

function report(args: DatasetArgs, table: LayerFieldTable): DetailedResult[] {
  const scales = defaultScales(table.ordinal);
  return agreementReport(
    { layout: 'ratings', table: table.table },
    {
      field: table.name,
      coefficients: args.coefficients,
      weights: table.ordinal ? (args.weights ?? scales.weights) : scales.weights,
      level: table.ordinal ? (args.level ?? scales.level) : scales.level,
      cohenRaters: args.raters ?? undefined,
      howToChooseRaters: HOW_TO_CHOOSE,
      everyCohenPair: true,
      minItems: args.minItems,
    },
  );
}

/**
 * `agreement --dataset a --dataset b …`: each --dataset is one annotation layer; dialogues and
 * turns are matched (shared/layers/match-layers.ts), mismatches printed as warnings with
 * file and line, and every labelled codebook field reported. Exit 1 when a layer cannot be read
 * or nothing could be matched; 2 for a wrong command line.
 */
export async function runDatasetAgreement(args: DatasetArgs, io: CliIo): Promise<number> {
  const known = ratableFields(DEFAULT_CODEBOOK).map((field) => field.id);
  const unknownField = args.fields?.find((field) => !known.includes(field));
  if (unknownField !== undefined) {
    io.stderr(`--field: "${unknownField}" is not a labelled field of the codebook (fields: ${known.join(', ')}).\n`);
    return EXIT_USAGE;
  }
  const repeatedPath = args.datasets.find((path, index) => args.datasets.indexOf(path) !== index);
  if (repeatedPath !== undefined) {
    io.stderr(`--dataset ${repeatedPath} is given twice; each --dataset is one annotation layer.\n`);
    return EXIT_USAGE;
  }
  const names = layerNames(args.datasets);
  if (args.raters) {
    const unknown = args.raters.filter((rater) => !names.includes(rater));
    if (unknown.length > 0) {
      io.stderr(`--raters: no layer named ${unknown.map((rater) => `"${rater}"`).join(' or ')} (layers: ${names.join(', ')}).\n`);
      return EXIT_USAGE;
    }
  }
  const layers = await readLayers(args, io);
  if (layers === null) return EXIT_INPUT_ERRORS;
  const match = matchLayers(layers);
  if (match.items.length === 0) {
    const lines = match.problems.map((problem) => `${problem.file}:${problem.line}: ${problem.message}`);
    lines.push(`No turn could be matched across the layers ${names.map((name) => `"${name}"`).join(', ')}: dialogues are matched by <topic_id>-<student_id>-<repeat_id> (or identical turn texts), turns by utterance text.`);
    io.stderr(`${lines.join('\n')}\n`);
    return EXIT_INPUT_ERRORS;
  }
  if (match.problems.length > 0) io.stderr(match.problems.map((problem) => `${fileLine(problem.file, problem.line, `warning: ${problem.message}`)}\n`).join(''));
  const tables = layerRatingTables(match, DEFAULT_CODEBOOK, { fields: args.fields ?? undefined });
  const results = tables.flatMap((table) => report(args, table));
  const summary = summaryLines(match, tables);
  if (args.json) {
    io.stderr(summary.map((line) => `note: ${lineText(line)}\n`).join(''));
    io.stdout(formatJson(results));
  } else {
    io.stdout(`${summary.map(lineText).join('\n')}\n\n${formatText(results, { showField: true, minItems: args.minItems })}`);
  }
  return EXIT_OK;
}
