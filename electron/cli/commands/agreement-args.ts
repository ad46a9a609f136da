import { ALPHA_LEVELS, COEFFICIENTS, MAX_CATEGORIES, MIN_AGREEMENT_ITEMS, WEIGHT_SCHEMES } from '../../../shared/agreement';
import type { AlphaLevel, ReportCoefficient, WeightScheme } from '../../../shared/agreement';
import type { TextEncodingName } from '../../../shared/import/file-rules';
import { encodingOption } from '../read-inputs';

export interface AgreementArgs {
  input: string;
  layout: 'ratings' | 'counts';
  coefficients: ReportCoefficient[];
  /** true when `--coefficient` named cohen (not only through `all`) */
  cohenRequested: boolean;
  weights: WeightScheme;
  level: AlphaLevel;
  categories: string[] | null;
  raters: [string, string] | null;
  /** --min-items: the fewest items a coefficient is given for (default MIN_AGREEMENT_ITEMS) */
  minItems: number;
  json: boolean;
  /** --encoding: how to decode the files (default UTF-8, or UTF-16 with a byte-order mark) */
  encoding?: TextEncodingName;
}

/** The --dataset form: annotation layers of data-set files, compared per codebook field. */
export interface DatasetArgs {
  /** one path per layer (a file, or a folder whose files form one layer), in the order given */
  datasets: string[];
  /** field ids to report (from --field, repeatable or comma-separated); null = every labelled field */
  fields: string[] | null;
  coefficients: ReportCoefficient[];
  cohenRequested: boolean;
  /** --weights / --level as given; null = the field's default (linear / ordinal for ordinal fields) */
  weights: WeightScheme | null;
  level: AlphaLevel | null;
  raters: [string, string] | null;
  minItems: number;
  json: boolean;
  encoding?: TextEncodingName;
}

export type ParsedArgs =
  | { kind: 'help' }
  | { kind: 'run'; args: AgreementArgs }
  | { kind: 'dataset'; args: DatasetArgs }
  | { kind: 'usage-error'; message: string };

const VALUE_OPTIONS = ['--input', '--layout', '--coefficient', '--weights', '--level', '--categories', '--raters', '--dataset', '--field', '--encoding', '--min-items'] as const;
type ValueOption = (typeof VALUE_OPTIONS)[number];

const isValueOption = (name: string): name is ValueOption => (VALUE_OPTIONS as readonly string[]).includes(name);

class UsageError extends Error {}

function oneOf<T extends string>(option: string, value: string, allowed: readonly T[]): T {
  const found = allowed.find((candidate) => candidate === value);
  if (found === undefined) throw new UsageError(`${option} must be one of ${allowed.join(', ')}; got "${value}".`);
  return found;
}

function list(value: string): string[] {
  return value.split(',').map((entry) => entry.trim());
}

/** Splits the command line into options; `--name value` and `--name=value` both work. */
function collect(argv: readonly string[]): { values: Map<ValueOption, string[]>; flags: Set<string>; stray: string[] } | string {
  const values = new Map<ValueOption, string[]>();
  const flags = new Set<string>();
  const stray: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (!arg.startsWith('--') && arg !== '-h') {
      stray.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    const name = equals > 0 ? arg.slice(0, equals) : arg;
    if (name === '--json' || name === '--help' || name === '-h') {
      flags.add(name === '-h' ? '--help' : name);
      continue;
    }
    if (!isValueOption(name)) return `Unknown option ${name}.`;
    const value = equals > 0 ? arg.slice(equals + 1) : argv[++index];
    if (value === undefined || (equals < 0 && value.startsWith('--'))) return `${name} needs a value.`;
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  return { values, flags, stray };
}

export function parseAgreementArgs(argv: readonly string[]): ParsedArgs {
  const collected = collect(argv);
  if (typeof collected === 'string') return { kind: 'usage-error', message: collected };
  const { values, flags, stray } = collected;
  if (flags.has('--help')) return { kind: 'help' };
  const encodingValues = values.get('--encoding') ?? [];
  if (encodingValues.length > 1) return { kind: 'usage-error', message: `--encoding is given ${encodingValues.length} times; give it once.` };
  const encoding = encodingValues.length === 1 ? encodingOption(encodingValues[0]) : null;
  if (encoding && 'error' in encoding) return { kind: 'usage-error', message: encoding.error };
  const parsed = parseForm(values, flags, stray);
  if (parsed.kind === 'run' || parsed.kind === 'dataset') parsed.args.encoding = encoding?.encoding;
  return parsed;
}

function parseForm(values: Map<ValueOption, string[]>, flags: Set<string>, stray: string[]): ParsedArgs {
  if (values.has('--dataset') || values.has('--field')) return parseDatasetArgs(values, flags, stray);
  if (stray.length > 0) return { kind: 'usage-error', message: `Unexpected argument ${stray.map((arg) => `"${arg}"`).join(', ')}; give a ratings file with --input, or each annotation layer with --dataset.` };
  for (const [name, given] of values) if (given.length > 1) return { kind: 'usage-error', message: `${name} is given ${given.length} times; give it once.` };
  const value = (name: ValueOption): string | undefined => values.get(name)?.[0];

  const input = value('--input');
  if (input === undefined || input.trim() === '') return { kind: 'usage-error', message: 'Give a ratings file with --input <file.csv>, or two or more annotation layers (SID files or folders) with --dataset <layer A> --dataset <layer B>.' };
  let layout: AgreementArgs['layout'];
  let weights: WeightScheme;
  let level: AlphaLevel;
  try {
    layout = oneOf('--layout', value('--layout') ?? 'ratings', ['ratings', 'counts'] as const);
    weights = oneOf('--weights', value('--weights') ?? 'none', WEIGHT_SCHEMES);
    level = oneOf('--level', value('--level') ?? 'nominal', ALPHA_LEVELS);
  } catch (error) {
    if (error instanceof UsageError) return { kind: 'usage-error', message: error.message };
    throw error;
  }

  const chosen = chooseCoefficients(value('--coefficient'));
  if (typeof chosen === 'string') return { kind: 'usage-error', message: chosen };
  const { coefficients, cohenRequested } = chosen;

  let categories: string[] | null = null;
  const categoriesValue = value('--categories');
  if (categoriesValue !== undefined) {
    categories = list(categoriesValue);
    if (categories.some((category) => category === '')) return { kind: 'usage-error', message: '--categories has an empty entry; list the labels separated by commas, e.g. --categories L1,L2,L3.' };
    if (categories.length > MAX_CATEGORIES) return { kind: 'usage-error', message: `--categories lists ${categories.length.toLocaleString('en-US')} categories; agreement computes at most ${MAX_CATEGORIES.toLocaleString('en-US')} per field.` };
    const seen = new Set<string>();
    const repeated = categories.find((category) => seen.size === seen.add(category).size);
    if (repeated !== undefined) return { kind: 'usage-error', message: `--categories names "${repeated}" twice.` };
  }

  const raters = chooseRaters(value('--raters'));
  if (typeof raters === 'string') return { kind: 'usage-error', message: raters };
  const minItems = chooseMinItems(value('--min-items'));
  if (typeof minItems === 'string') return { kind: 'usage-error', message: minItems };

  if (layout === 'counts') {
    if (raters) return { kind: 'usage-error', message: '--raters needs the ratings layout: a counts layout does not say which rater gave which rating.' };
    if (cohenRequested) return { kind: 'usage-error', message: "Cohen's kappa needs the ratings layout (item,rater,label): a counts layout does not say which rater gave which rating." };
  }
  return {
    kind: 'run',
    args: {
      input,
      layout,
      coefficients,
      cohenRequested,
      weights,
      level,
      categories,
      raters,
      minItems,
      json: flags.has('--json'),
    },
  };
}

/** --min-items: a whole number of at least 2 (no coefficient is defined on fewer), default MIN_AGREEMENT_ITEMS. */
function chooseMinItems(given: string | undefined): number | string {
  if (given === undefined) return MIN_AGREEMENT_ITEMS;
  const value = Number(given);
  if (!/^\d+$/.test(given.trim()) || !Number.isSafeInteger(value) || value < 2) return `--min-items is the fewest items a coefficient is given for, a whole number of at least 2; got "${given}".`;
  return value;
}

/** Other names users give a coefficient: Krippendorff's alpha is commonly called just alpha. */
const COEFFICIENT_ALIASES: Readonly<Record<string, ReportCoefficient>> = { alpha: 'krippendorff' };

/** The coefficients named by --coefficient (default all), or what is wrong with the list. */
function chooseCoefficients(given: string | undefined): { coefficients: ReportCoefficient[]; cohenRequested: boolean } | string {
  const named = list(given ?? 'all');
  const coefficients: ReportCoefficient[] = [];
  for (const name of named) {
    if (name === 'all') coefficients.push(...COEFFICIENTS.filter((coefficient) => !coefficients.includes(coefficient)));
    else {
      const found = COEFFICIENTS.find((coefficient) => coefficient === (COEFFICIENT_ALIASES[name] ?? name));
      if (!found) return `--coefficient must be one of ${COEFFICIENTS.join(', ')} (or alpha), all (or a comma-separated list); got "${name}".`;
      if (!coefficients.includes(found)) coefficients.push(found);
    }
  }
  return { coefficients, cohenRequested: named.includes('cohen') };
}

function chooseRaters(given: string | undefined): [string, string] | null | string {
  if (given === undefined) return null;
  const pair = list(given);
  if (pair.length !== 2 || pair.some((rater) => rater === '') || pair[0] === pair[1]) return `--raters names two different raters, e.g. --raters A,B; got "${given}".`;
  return [pair[0], pair[1]];
}

const CSV_ONLY_OPTIONS = ['--input', '--layout', '--categories'] as const;

function parseDatasetArgs(values: Map<ValueOption, string[]>, flags: Set<string>, stray: string[]): ParsedArgs {
  const usage = (message: string): ParsedArgs => ({ kind: 'usage-error', message });
  const datasets = values.get('--dataset') ?? [];
  if (datasets.length < 2) return usage('The --dataset form compares annotation layers: give at least two, e.g. --dataset llm.jsonl --dataset human.jsonl.');
  if (datasets.some((path) => path.trim() === '')) return usage('--dataset needs a file or folder.');
  if (stray.length > 0) return usage(`Unexpected argument ${stray.map((arg) => `"${arg}"`).join(', ')}; give each layer with --dataset.`);
  const csvOnly = CSV_ONLY_OPTIONS.find((name) => values.has(name));
  if (csvOnly !== undefined) {
    const why = csvOnly === '--categories' ? 'the categories are the codebook\'s full label list of each field' : 'it belongs to the --input form';
    return usage(`${csvOnly} cannot be used with --dataset: ${why}.`);
  }
  for (const name of ['--coefficient', '--weights', '--level', '--raters', '--min-items'] as const) {
    const given = values.get(name) ?? [];
    if (given.length > 1) return usage(`${name} is given ${given.length} times; give it once.`);
  }
  const fields = values.has('--field') ? (values.get('--field') ?? []).flatMap(list) : null;
  if (fields?.some((field) => field === '')) return usage('--field has an empty entry; name codebook fields, e.g. --field teacher_intent.');
  let weights: WeightScheme | null = null;
  let level: AlphaLevel | null = null;
  try {
    const weightsValue = values.get('--weights')?.[0];
    const levelValue = values.get('--level')?.[0];
    if (weightsValue !== undefined) weights = oneOf('--weights', weightsValue, WEIGHT_SCHEMES);
    if (levelValue !== undefined) level = oneOf('--level', levelValue, ALPHA_LEVELS);
  } catch (error) {
    if (error instanceof UsageError) return usage(error.message);
    throw error;
  }
  const chosen = chooseCoefficients(values.get('--coefficient')?.[0]);
  if (typeof chosen === 'string') return usage(chosen);
  const raters = chooseRaters(values.get('--raters')?.[0]);
  if (typeof raters === 'string') return usage(raters);
  const minItems = chooseMinItems(values.get('--min-items')?.[0]);
  if (typeof minItems === 'string') return usage(minItems);
  return {
    kind: 'dataset',
    args: { datasets, fields: fields === null ? null : [...new Set(fields)], ...chosen, weights, level, raters, minItems, json: flags.has('--json') },
  };
}
