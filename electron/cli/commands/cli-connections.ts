/**
 * Connections of a command line by name (`generate`'s scenario roles, `synthesize-rubric`'s spec
 * models): each placed on an endpoint from the --connections file, --model NAME=MODEL,
 * --base-url, --model MODEL and --api-key-env (in that order). The key of each stays in the
 * environment variable it names, read only when a call is made.
 */
import type { LlmConnection, TokenPrice } from '../../../shared/llm';
import { isMaxAnswerMB, MAX_ANSWER_MB_RULE } from '../../../shared/llm/answer-size';
import { parseConfigJson } from '../../../shared/config-files/config-json';
import { readBaseUrl } from '../../../shared/llm/base-url';
import { fileLine } from '../terminal-text';
import { ENV_NAME, type ConnectionArgs } from './connection-args';
import { readInputText } from './generate-files';

export interface CliConnection {
  connection: LlmConnection;
  /** the environment variable holding its key */
  apiKeyEnv: string;
}

interface FileEntry {
  baseURL?: string;
  model?: string;
  apiKeyEnv?: string;
  concurrency?: number;
  /** per million tokens, for the cost `generate --dry-run` estimates */
  price?: TokenPrice;
  maxAnswerMB?: number;
}

const FILE_KEYS = ['baseURL', 'model', 'apiKeyEnv', 'concurrency', 'maxAnswerMB', 'price'];

function isPrice(value: unknown): value is TokenPrice {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const price = value as Record<string, unknown>;
  return Object.keys(price).every((key) => key === 'inputPerMillion' || key === 'outputPerMillion') && [price.inputPerMillion, price.outputPerMillion].every((part) => typeof part === 'number' && Number.isFinite(part) && part >= 0);
}

async function readConnectionsFile(path: string): Promise<{ entries: Map<string, FileEntry> } | { problems: string[] }> {
  const read = await readInputText(path, 'connections');
  if ('problem' in read) return { problems: [read.problem] };
  const parsed = parseConfigJson(read.text.replace(/^\uFEFF/, ''), 'this connections file is not read');
  if (!parsed.ok) return { problems: [fileLine(path, parsed.line, parsed.message)] };
  const value = parsed.value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { problems: [fileLine(path, null, 'the connections file is one JSON object: connection name → { baseURL, model, apiKeyEnv, concurrency, maxAnswerMB, price }')] };
  const problems: string[] = [];
  const entries = new Map<string, FileEntry>();
  for (const [name, raw] of Object.entries(value)) {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      problems.push(fileLine(path, null, `${name}: an object { baseURL, model, apiKeyEnv, concurrency, maxAnswerMB, price }`));
      continue;
    }
    const entry = raw as Record<string, unknown>;
    for (const key of Object.keys(entry)) if (!FILE_KEYS.includes(key)) problems.push(fileLine(path, null, `${name}.${key}: unknown key (known: ${FILE_KEYS.join(', ')})`));
    for (const key of ['baseURL', 'model', 'apiKeyEnv'] as const) if (entry[key] !== undefined && (typeof entry[key] !== 'string' || entry[key] === '')) problems.push(fileLine(path, null, `${name}.${key}: a non-empty string`));
    if (typeof entry.baseURL === 'string' && entry.baseURL !== '') {
      // the rule the app's connection form applies: no file:// or credentials in the URL (it is printed and logged)
      const reading = readBaseUrl(entry.baseURL);
      if (!reading.ok) problems.push(fileLine(path, null, `${name}.baseURL: ${reading.problem}`));
    }
    if (typeof entry.apiKeyEnv === 'string' && !ENV_NAME.test(entry.apiKeyEnv)) problems.push(fileLine(path, null, `${name}.apiKeyEnv: an environment variable's name (letters, digits, _)`));
    if (entry.concurrency !== undefined && !(Number.isInteger(entry.concurrency) && (entry.concurrency as number) >= 1 && (entry.concurrency as number) <= 256)) problems.push(fileLine(path, null, `${name}.concurrency: a whole number from 1 to 256`));
    if (entry.price !== undefined && !isPrice(entry.price)) problems.push(fileLine(path, null, `${name}.price: { "inputPerMillion": number, "outputPerMillion": number } (0 or more, per million tokens)`));
    if (entry.maxAnswerMB !== undefined && !isMaxAnswerMB(entry.maxAnswerMB)) problems.push(fileLine(path, null, `${name}.maxAnswerMB: ${MAX_ANSWER_MB_RULE}`));
    entries.set(name, entry as FileEntry);
  }
  return problems.length > 0 ? { problems } : { entries };
}

/**
 * The connections `names` (those a run calls), or the problems: one with no endpoint or model, a
 * name in --model NAME=… or the file that is not in `known` (every name the input file declares;
 * `input` says what that is, for the message).
 */
export async function resolveNamedConnections(names: readonly string[], known: readonly string[], input: string, args: ConnectionArgs, env: Record<string, string | undefined> = process.env): Promise<{ connections: Map<string, CliConnection> } | { problems: string[] }> {
  const file = args.connectionsFile === null ? { entries: new Map<string, FileEntry>() } : await readConnectionsFile(args.connectionsFile);
  if ('problems' in file) return file;
  const problems: string[] = [];
  for (const name of args.models.keys()) if (!known.includes(name)) problems.push(`--model ${name}=…: the ${input} has no connection ${name} (its connections: ${known.join(', ')})`);
  for (const name of file.entries.keys()) if (!known.includes(name)) problems.push(fileLine(args.connectionsFile as string, null, `${name}: the ${input} has no connection ${name} (its connections: ${known.join(', ')})`));
  const connections = new Map<string, CliConnection>();
  for (const name of names) {
    const entry = file.entries.get(name) ?? {};
    const baseURL = entry.baseURL ?? args.baseURL;
    const model = entry.model ?? args.models.get(name) ?? args.defaultModel;
    if (!baseURL) problems.push(`the connection ${name} has no endpoint: give --base-url or ${name}.baseURL in --connections`);
    if (!model) problems.push(`the connection ${name} has no model: give --model ${name}=MODEL, --model MODEL or ${name}.model in --connections`);
    if (!baseURL || !model) continue;
    const apiKeyEnv = entry.apiKeyEnv ?? args.apiKeyEnv;
    const concurrency = entry.concurrency ?? args.concurrency;
    const maxAnswerMB = entry.maxAnswerMB ?? args.maxAnswerMB;
    connections.set(name, {
      apiKeyEnv,
      connection: { id: name, name, baseURL, model, extraHeaders: {}, sampling: {}, concurrency: { start: concurrency, min: 1, max: concurrency }, ...(maxAnswerMB === undefined ? {} : { maxAnswerMB }), keySet: Boolean(env[apiKeyEnv]), ...(entry.price ? { price: { ...entry.price } } : {}) },
    });
  }
  return problems.length > 0 ? { problems } : { connections };
}

/** The runner's view of the connections: each by id, its key read from its variable at the call. */
export function runnerConnections(connections: ReadonlyMap<string, CliConnection>, env: Record<string, string | undefined> = process.env) {
  return {
    get: async (id: string) => connections.get(id)?.connection ?? null,
    key: async (id: string) => {
      const variable = connections.get(id)?.apiKeyEnv;
      return variable === undefined ? null : env[variable] || null;
    },
  };
}
