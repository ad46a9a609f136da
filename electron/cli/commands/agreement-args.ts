import { ALPHA_LEVELS, COEFFICIENTS, WEIGHT_SCHEMES } from '../../../shared/agreement';
import type { AlphaLevel, ReportCoefficient, WeightScheme } from '../../../shared/agreement';

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
  json: boolean;
}

export type ParsedArgs = { kind: 'help' } | { kind: 'run'; args: AgreementArgs } | { kind: 'usage-error'; message: string };

const VALUE_OPTIONS = ['--input', '--layout', '--coefficient', '--weights', '--level', '--categories', '--raters', '--dataset', '--field'] as const;
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
  if (values.has('--dataset') || values.has('--field')) {
    return {
      kind: 'usage-error',
      message: 'The --dataset form (comparing the annotation layers of data-set files, with --field) is not yet supported; it is planned in issue 3. Use --input ratings.csv for now.',
    };
  }
  if (stray.length > 0) return { kind: 'usage-error', message: `Unexpected argument ${stray.map((arg) => `"${arg}"`).join(', ')}; give the file with --input.` };
  for (const [name, given] of values) if (given.length > 1) return { kind: 'usage-error', message: `${name} is given ${given.length} times; give it once.` };
  const value = (name: ValueOption): string | undefined => values.get(name)?.[0];

  const input = value('--input');
  if (input === undefined || input.trim() === '') return { kind: 'usage-error', message: 'Give the ratings file with --input <file.csv>.' };
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

  const named = list(value('--coefficient') ?? 'all');
  const coefficients: ReportCoefficient[] = [];
  for (const name of named) {
    if (name === 'all') coefficients.push(...COEFFICIENTS.filter((coefficient) => !coefficients.includes(coefficient)));
    else {
      const found = COEFFICIENTS.find((coefficient) => coefficient === name);
      if (!found) return { kind: 'usage-error', message: `--coefficient must be one of ${COEFFICIENTS.join(', ')}, all (or a comma-separated list); got "${name}".` };
      if (!coefficients.includes(found)) coefficients.push(found);
    }
  }
  const cohenRequested = named.includes('cohen');

  let categories: string[] | null = null;
  const categoriesValue = value('--categories');
  if (categoriesValue !== undefined) {
    categories = list(categoriesValue);
    if (categories.some((category) => category === '')) return { kind: 'usage-error', message: '--categories has an empty entry; list the labels separated by commas, e.g. --categories L1,L2,L3.' };
    const repeated = categories.find((category, index) => categories?.indexOf(category) !== index);
    if (repeated !== undefined) return { kind: 'usage-error', message: `--categories names "${repeated}" twice.` };
  }

  let raters: [string, string] | null = null;
  const ratersValue = value('--raters');
  if (ratersValue !== undefined) {
    const pair = list(ratersValue);
    if (pair.length !== 2 || pair.some((rater) => rater === '') || pair[0] === pair[1]) return { kind: 'usage-error', message: `--raters names two different raters, e.g. --raters A,B; got "${ratersValue}".` };
    raters = [pair[0], pair[1]];
  }

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
      json: flags.has('--json'),
    },
  };
}
