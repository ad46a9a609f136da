/**
 * The connection options every command that calls models by connection name shares (`generate`,
 * `synthesize-rubric`): --base-url, --model MODEL / NAME=MODEL, --connections, --api-key-env,
 * --concurrency and --timeout. Keys are never options: only the environment variable holding one.
 */
import { readBaseUrl } from '../../../shared/llm/base-url';
import { isMaxAnswerMB, MAX_ANSWER_MB_RULE } from '../../../shared/llm/answer-size';
import { numberOption } from './option-reader';

export interface ConnectionArgs {
  /** calls at once per connection, at most (and, for generate, conversations at once) */
  concurrency: number;
  /** the endpoint of every connection the --connections file does not place */
  baseURL: string | null;
  /** the model of every connection neither --model NAME=MODEL nor the file names */
  defaultModel: string | null;
  /** connection name → model, from --model NAME=MODEL */
  models: Map<string, string>;
  /** a JSON file: connection name → { baseURL?, model?, apiKeyEnv?, concurrency? } */
  connectionsFile: string | null;
  apiKeyEnv: string;
  timeoutSeconds: number;
  /** --max-answer-mb: the largest answer read, unless a connection of the --connections file sets its own */
  maxAnswerMB: number | undefined;
}

/** The option of every command that calls a model; its usage lines are maxAnswerUsage's. */
export const MAX_ANSWER_OPTION = '--max-answer-mb';

/** The value options of ConnectionArgs (--model is taken apart first, by takeModels). */
export const CONNECTION_VALUE_OPTIONS = ['--concurrency', '--base-url', '--connections', '--api-key-env', '--timeout', MAX_ANSWER_OPTION] as const;
/** The option's usage lines, its words starting at column `column` (as the usage's other options do). */
export function maxAnswerUsage(column: number): string {
  const option = '  --max-answer-mb MB';
  return `${option.padEnd(column - 1)} the largest answer read, in MB (default 8, at most 1024); a larger\n${' '.repeat(column)}answer fails its call, not read past the limit (a dripping or\n${' '.repeat(column)}endless one is stopped by --timeout, which runs to the last byte)`;
}

/** --max-answer-mb as given (undefined when absent), or the usage error in words. */
export function maxAnswerOption(values: ReadonlyMap<string, string>): number | undefined | { message: string } {
  if (!values.has(MAX_ANSWER_OPTION)) return undefined;
  const checked = numberOption(values, MAX_ANSWER_OPTION, 0, isMaxAnswerMB, MAX_ANSWER_MB_RULE);
  return typeof checked === 'string' ? { message: checked } : checked;
}

export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface TakenModels {
  rest: string[];
  models: Map<string, string>;
  defaultModel: string | null;
}

/** `--model` may be given once per connection, so it is read before the other options (each given once). */
export function takeModels(argv: readonly string[]): TakenModels | { message: string } {
  const rest: string[] = [];
  const models = new Map<string, string>();
  let defaultModel: string | null = null;
  for (let at = 0; at < argv.length; at++) {
    const arg = argv[at];
    if (arg !== '--model' && !arg.startsWith('--model=')) {
      rest.push(arg);
      continue;
    }
    const value = arg === '--model' ? argv[++at] : arg.slice('--model='.length);
    if (value === undefined || value === '' || (arg === '--model' && value.startsWith('--'))) return { message: '--model needs a value (MODEL or NAME=MODEL).' };
    const equals = value.indexOf('=');
    if (equals < 0) {
      if (defaultModel !== null) return { message: '--model MODEL is given twice; name each connection as --model NAME=MODEL.' };
      defaultModel = value;
      continue;
    }
    const name = value.slice(0, equals).trim();
    const model = value.slice(equals + 1).trim();
    if (name === '' || model === '') return { message: `--model NAME=MODEL needs both parts; got "${value}".` };
    if (models.has(name)) return { message: `--model ${name}=… is given twice; give it once.` };
    models.set(name, model);
  }
  return { rest, models, defaultModel };
}

/** The connection options from the values readOptions read, or the usage error in words. */
export function readConnectionArgs(values: ReadonlyMap<string, string>, taken: TakenModels, options: { endpointOptional?: boolean } = {}): ConnectionArgs | { message: string } {
  const concurrency = numberOption(values, '--concurrency', 4, (value) => Number.isInteger(value) && value >= 1 && value <= 256, 'a whole number from 1 to 256');
  const timeout = numberOption(values, '--timeout', 300, (value) => Number.isFinite(value) && value > 0 && value <= 3600, 'a number of seconds from above 0 to 3600');
  for (const checked of [concurrency, timeout]) if (typeof checked === 'string') return { message: checked };
  const maxAnswerMB = maxAnswerOption(values);
  if (typeof maxAnswerMB === 'object') return maxAnswerMB;
  const apiKeyEnv = values.get('--api-key-env') ?? 'OPENAI_API_KEY';
  if (!ENV_NAME.test(apiKeyEnv)) return { message: `--api-key-env names an environment variable (letters, digits, _); got "${apiKeyEnv}".` };
  const connectionsFile = values.get('--connections') ?? null;
  const baseURL = values.get('--base-url') ?? null;
  if (baseURL !== null) {
    const reading = readBaseUrl(baseURL);
    if (!reading.ok) return { message: `--base-url: ${reading.problem}` };
  }
  if (baseURL === null && connectionsFile === null && !options.endpointOptional) return { message: '--base-url is required (or a --connections file that places every connection).' };
  return { concurrency: concurrency as number, baseURL, defaultModel: taken.defaultModel, models: taken.models, connectionsFile, apiKeyEnv, timeoutSeconds: timeout as number, maxAnswerMB };
}
