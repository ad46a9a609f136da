import { agreementReport } from '../../../shared/agreement';
import type { CliCommand, CliIo } from '../io';
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE } from '../io';
import { parseAgreementArgs } from './agreement-args';
import { formatJson, formatText } from './agreement-format';
import { parseCountsCsv, parseRatingsCsv, readInputText } from './agreement-input';

const USAGE = `Usage: maieutic agreement --input <ratings.csv> [options]

Inter-annotator agreement from a CSV file (UTF-8, or UTF-16 with a byte-order mark).

Input layouts:
  --layout ratings   (default) header item,rater,label, one row per rating; an empty label is a
                     missing rating. An optional "field" column gives results per field.
  --layout counts    header item,<category 1>,<category 2>,…: per item, how many raters chose
                     each category (no rater identities, so no Cohen's kappa).

Options:
  --coefficient C    cohen, fleiss, randolph, krippendorff, percent, gwet, all (default), or a
                     comma-separated list
  --weights W        Cohen's kappa weights: none (default), linear, quadratic; computed on the
                     positions of the categories in the ordered list
  --level L          Krippendorff's alpha: nominal (default), ordinal, interval, ratio (interval
                     and ratio need numeric labels)
  --categories a,b,c the full ordered category list (the codebook's labels, in order), the same
                     for every field. Default: per field, the labels seen, sorted (numerically
                     when all are numbers), with a warning: categories nobody used are then left
                     out, which changes weighted kappa, Gwet's AC1 and Randolph's kappa.
  --raters A,B       the two raters Cohen's kappa compares when there are more
  --json             print one JSON object {"results": [{field, coefficient, weights, level,
                     value, se, ci95, items, raters, missing, reason}, …]} and nothing else

What the numbers mean: value is null when the coefficient is undefined for the data, and reason
says why. se: Cohen = asymptotic SE under the alternative (SAS "ASE", statsmodels std_kappa), with
the 95% Wald CI; Fleiss = SE under H0 κ = 0 (Fleiss, Nee & Landis 1979, as R irr), no CI; others
none. items: items used; missing: absent ratings. Cohen and Fleiss leave out items with a missing
rating; Krippendorff's alpha and percent agreement use every item with two or more ratings.

The --dataset a.jsonl --dataset b.jsonl [--field f] form is not yet supported (issue 3).

Bad input is reported as "file:line: message" (exit 1); a wrong command line exits 2.
`;

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
  const { args } = parsed;
  const read = await readInputText(args.input);
  if ('problem' in read) {
    io.stderr(`${args.input}:1: ${read.problem}\n`);
    return EXIT_INPUT_ERRORS;
  }
  const input = args.layout === 'counts' ? parseCountsCsv(args.input, read.text, args.categories) : parseRatingsCsv(args.input, read.text, args.categories);
  if (!input.ok) {
    io.stderr(input.problems.map((problem) => `${args.input}:${problem.line}: ${problem.message}\n`).join(''));
    return EXIT_INPUT_ERRORS;
  }
  if (args.raters) {
    const unknown = args.raters.filter((rater) => !input.raters.includes(rater));
    if (unknown.length > 0) {
      io.stderr(`--raters: no rater named ${unknown.map((rater) => `"${rater}"`).join(' or ')} in ${args.input} (raters: ${input.raters.join(', ')}).\n`);
      return EXIT_USAGE;
    }
  }
  if (args.cohenRequested && !args.raters && input.fields.some((field) => field.data.layout === 'ratings' && field.data.table.raters.length > 2)) {
    io.stderr(`Cohen's kappa compares two raters and ${args.input} has ${input.raters.length} (${input.raters.join(', ')}); choose two with --raters A,B.\n`);
    return EXIT_USAGE;
  }
  io.stderr(input.warnings.map((warning) => `${args.input}:${warning.line}: warning: ${warning.message}\n`).join(''));
  const results = input.fields.flatMap(({ field, data }) =>
    agreementReport(data, { field, coefficients: args.coefficients, weights: args.weights, level: args.level, cohenRaters: args.raters ?? undefined, howToChooseRaters: 'with --raters A,B' }),
  );
  io.stdout(args.json ? formatJson(results) : formatText(results, { showField: input.fields.some((field) => field.field !== null) }));
  return EXIT_OK;
}

/**
 * `agreement`: percent agreement, Cohen's, Fleiss', Randolph's kappa, Krippendorff's alpha and
 * Gwet's AC1 from a ratings CSV, per field, with the statistics of shared/agreement.
 */
export const agreementCommand: CliCommand = { name: 'agreement', summary: 'inter-annotator agreement (kappa, alpha, AC1) from a ratings CSV', usage: USAGE, run };
