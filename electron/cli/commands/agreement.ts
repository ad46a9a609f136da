import { agreementReport, MIN_AGREEMENT_ITEMS } from '../../../shared/agreement';
import type { CliCommand, CliIo } from '../io';
import { CLI_INVOCATION, EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE } from '../io';
import { ENCODING_USAGE, inputProblemLine } from '../read-inputs';
import { parseAgreementArgs, type AgreementArgs } from './agreement-args';
import { runDatasetAgreement } from './agreement-dataset';
import { formatJson, formatText } from './agreement-format';
import { inputString, parseCountsCsv, parseRatingsCsvInParts, readInputText, type AgreementInput, type InputProblemRead } from './agreement-input';
import { PARALLEL_SCAN_MIN_BYTES } from './ratings-scan-parts';
import { startRatingsScanThread, type RatingsScanThread } from './ratings-scan-thread';
import { fileLine, lineText } from '../terminal-text';

const USAGE = `Usage: ${CLI_INVOCATION} agreement --input <ratings.csv> [options]
       ${CLI_INVOCATION} agreement --dataset <layer A> --dataset <layer B> [--dataset …] [options]

Inter-annotator agreement from a CSV file (UTF-8, or UTF-16 with a byte-order mark), or between
the annotation layers of data-set files.

Input layouts:
  --layout ratings   (default) header item,rater,label, one row per rating; an empty label is a
                     missing rating. An optional "field" column gives results per field.
  --layout counts    header item,<category 1>,<category 2>,…: per item, how many raters chose
                     each category (no rater identities, so no Cohen's kappa).

Options:
  --coefficient C    cohen, fleiss, randolph, krippendorff (or alpha), percent, gwet, all
                     (default), or a comma-separated list
  --weights W        Cohen's kappa weights: none (default), linear, quadratic; computed on the
                     positions of the categories in the ordered list
  --level L          Krippendorff's alpha: nominal (default), ordinal, interval, ratio (interval
                     and ratio need numeric labels)
  --categories a,b,c the full ordered category list (the codebook's labels, in order), the same
                     for every field. Default: per field, the labels seen, sorted (numerically
                     when all are numbers), with a warning: categories nobody used are then left
                     out, which changes weighted kappa, Gwet's AC1 and Randolph's kappa.
  --raters A,B       the two raters Cohen's kappa compares when there are more; without it,
                     Cohen's kappa is given for every pair of raters (a matrix; in --json,
                     "pairs": [{raters, kappa, se, ci95, n, reason, ciReason}, …] on the cohen result)
  --min-items N      the fewest items a coefficient is given for (default ${MIN_AGREEMENT_ITEMS}, at least 2):
                     below it the value is null, "too few items (n = k, at least N needed)"
${ENCODING_USAGE}
  --json             print one JSON object {"results": [{field, coefficient, weights, level,
                     value, se, ci95, items, raters, missing, reason, ciReason}, …]} and nothing else

What the numbers mean: value is null when the coefficient is undefined for the data or rests on
fewer than --min-items items (not percent agreement, a plain share with its n), and reason says
why. se: Cohen = asymptotic SE under the alternative (SAS "ASE", statsmodels std_kappa), with
the 95% Wald CI; Fleiss = SE under H0 κ = 0 (Fleiss, Nee & Landis 1979, as R irr), no CI; others
none. An interval of zero width (every item agreeing, or one rater giving a single category) is
no certainty: ci95 is null and ciReason says why ("not defined" in the table). items: items used;
missing: absent ratings. Cohen and Fleiss leave out items with a missing rating; Krippendorff's
alpha and percent agreement use every item with two or more ratings.

Data-set layers (--dataset, two or more): each is one annotator's SID file (or a folder of
them), e.g. an LLM's pre-annotation and a human's. Layers are named after the file (a folder:
its name; the parent folder is added when names collide); --raters takes those names.
  - Dialogues are matched by <topic_id>-<student_id>-<repeat_id> (else identical turn texts),
    turns by utterance text (exact, then ignoring width, case, spaces and punctuation). Every
    mismatch is printed as "file:line: warning: …" and left out, never guessed.
  - Per codebook field, the categories are its full ordered label list. Turns the field does not
    apply to (speaker) are left out and counted; empty, unknown or conflicting values are
    missing ratings, counted by reason.
  - Set-valued fields (teaching_strategy, discipline) give one absent/present result per code,
    named field=code (e.g. discipline=biology); an empty value there is the empty set.
  - Ordinal fields (teacher_guidance_level, cognitive_level) use linear weights and ordinal
    alpha unless --weights/--level say otherwise; these two options apply to ordinal fields
    only, nominal fields are always unweighted and nominal.
  --field F          report only these fields (repeatable or comma-separated)
  Not with --input, --layout or --categories. Exit 1 when a layer has errors or nothing matches.

Bad input is reported as "file:line: message" (exit 1); a wrong command line exits 2.
`;

/**
 * The --input file read and parsed. A large ratings file with no --encoding is read into shared
 * memory and scanned in two parts, one by a worker thread started before the read (so that it
 * boots while the file is read) and stopped once the file is parsed.
 */
async function readAgreementInput(args: AgreementArgs): Promise<AgreementInput | InputProblemRead> {
  let thread: RatingsScanThread | null = null;
  try {
    const beforeReading = (size: number) => {
      if (args.layout !== 'ratings' || args.encoding !== undefined || size < PARALLEL_SCAN_MIN_BYTES) return false;
      thread = startRatingsScanThread();
      return thread !== null;
    };
    const read = await readInputText(args.input, args.encoding, { beforeReading });
    if ('problem' in read) return read;
    return args.layout === 'counts' ? parseCountsCsv(args.input, inputString(read), args.categories) : await parseRatingsCsvInParts(args.input, read, args.categories, thread);
  } finally {
    await (thread as RatingsScanThread | null)?.close();
  }
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseAgreementArgs(argv);
  if (parsed.kind === 'help') {
    io.stdout(USAGE);
    return EXIT_OK;
  }
  if (parsed.kind === 'usage-error') {
    io.stderr(`${parsed.message}\n\n${USAGE}`);
    return EXIT_USAGE;
  }
  if (parsed.kind === 'dataset') return runDatasetAgreement(parsed.args, io);
  const { args } = parsed;
  const input = await readAgreementInput(args);
  if ('problem' in input) {
    io.stderr(`${inputProblemLine({ file: args.input, message: input.problem, kind: input.kind, line: input.line })}\n`);
    return EXIT_INPUT_ERRORS;
  }
  if (!input.ok) {
    io.stderr(input.problems.map((problem) => `${fileLine(args.input, problem.line, problem.message)}\n`).join(''));
    return EXIT_INPUT_ERRORS;
  }
  if (args.raters) {
    const unknown = args.raters.filter((rater) => !input.raters.includes(rater));
    if (unknown.length > 0) {
      io.stderr(`--raters: no rater named ${unknown.map((rater) => `"${rater}"`).join(' or ')} in ${args.input} (raters: ${lineText(input.raters.join(', '))}).\n`);
      return EXIT_USAGE;
    }
  }
  io.stderr(input.warnings.map((warning) => `${fileLine(args.input, warning.line, `warning: ${warning.message}`)}\n`).join(''));
  const results = input.fields.flatMap(({ field, data }) =>
    agreementReport(data, { field, coefficients: args.coefficients, weights: args.weights, level: args.level, cohenRaters: args.raters ?? undefined, howToChooseRaters: 'with --raters A,B', everyCohenPair: true, minItems: args.minItems }),
  );
  io.stdout(args.json ? formatJson(results) : formatText(results, { showField: input.fields.some((field) => field.field !== null), minItems: args.minItems }));
  return EXIT_OK;
}

/**
 * `agreement`: percent agreement, Cohen's, Fleiss', Randolph's kappa, Krippendorff's alpha and
 * Gwet's AC1 from a ratings CSV, per field, with the statistics of shared/agreement.
 */
export const agreementCommand: CliCommand = { name: 'agreement', usage: USAGE, run };
