import { JOB_KINDS } from '../jobs/types';
import { isMaxAnswerMB, MAX_ANSWER_MB_RULE } from './answer-size';
import { readBaseUrl } from './base-url';
import type { LlmConnection, SamplingParameters } from './connection';

/** What `checkConnection` finds, by field, in words fit for the settings form. */
export interface ConnectionProblem {
  field: string;
  message: string;
}

export interface ConnectionCheck {
  /** the connection cannot be saved while there are any */
  problems: ConnectionProblem[];
  /** it can be saved, but the user should know */
  warnings: ConnectionProblem[];
}

export const MAX_CONCURRENCY = 256;

/**
 * Header names the key travels in, or the client sets itself. A key typed here would be stored
 * in plain text beside the connection; the API key field keeps it encrypted in main.
 */
const RESERVED_HEADERS: Readonly<Record<string, string>> = {
  authorization: 'it carries the API key: put the key in the API key field, where it is stored encrypted',
  'proxy-authorization': 'it carries credentials, which would be stored unencrypted',
  'api-key': 'it carries the API key: put the key in the API key field, where it is stored encrypted',
  'x-api-key': 'it carries the API key: put the key in the API key field, where it is stored encrypted',
  cookie: 'it carries credentials, which would be stored unencrypted',
  'openai-organization': 'use the organisation field',
  'content-type': 'the client sets it',
  'content-length': 'the client sets it',
  host: 'the client sets it',
};

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function hasLineBreakOrControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if ((ch < 0x20 && ch !== 0x09) || ch === 0x7f) return true;
  }
  return false;
}

function checkBaseUrl(baseURL: string, check: ConnectionCheck): void {
  const reading = readBaseUrl(baseURL);
  if (!reading.ok) {
    check.problems.push({ field: 'baseURL', message: reading.problem });
    return;
  }
  const { url } = reading;
  if (url.scheme === 'http' && !url.loopback) {
    check.warnings.push({ field: 'baseURL', message: 'http:// to another machine sends the API key and the dialogues unencrypted; use https:// unless this is a trusted network' });
  }
  if (url.path === '' || url.path === '/') {
    check.warnings.push({ field: 'baseURL', message: 'the base URL has no path: most OpenAI-compatible servers serve the API under /v1' });
  }
}

function checkSampling(kind: string, sampling: SamplingParameters, check: ConnectionCheck): void {
  const field = `sampling.${kind}`;
  const { temperature, top_p: topP, max_tokens: maxTokens, seed } = sampling;
  if (temperature !== undefined && !(Number.isFinite(temperature) && temperature >= 0 && temperature <= 2)) check.problems.push({ field, message: `temperature must be a number from 0 to 2 (got ${String(temperature)})` });
  if (topP !== undefined && !(Number.isFinite(topP) && topP > 0 && topP <= 1)) check.problems.push({ field, message: `top_p must be above 0 and at most 1 (got ${String(topP)})` });
  if (maxTokens !== undefined && !(Number.isInteger(maxTokens) && maxTokens >= 1)) check.problems.push({ field, message: `max_tokens must be a whole number of at least 1 (got ${String(maxTokens)})` });
  if (seed !== undefined && !Number.isSafeInteger(seed)) check.problems.push({ field, message: `seed must be a whole number (got ${String(seed)})` });
}

function checkConcurrency({ start, min, max }: LlmConnection['concurrency'], check: ConnectionCheck): void {
  const whole = (value: number) => Number.isInteger(value) && value >= 1 && value <= MAX_CONCURRENCY;
  for (const [name, value] of [['start', start], ['min', min], ['max', max]] as const) {
    if (!whole(value)) check.problems.push({ field: `concurrency.${name}`, message: `concurrency ${name} must be a whole number from 1 to ${MAX_CONCURRENCY} (got ${String(value)})` });
  }
  if (!(whole(start) && whole(min) && whole(max))) return;
  if (min > max) check.problems.push({ field: 'concurrency.min', message: `the minimum concurrency (${min}) is above the maximum (${max})` });
  else if (start < min || start > max) check.problems.push({ field: 'concurrency.start', message: `the starting concurrency (${start}) must lie between the minimum (${min}) and the maximum (${max})` });
}

function checkHeaders(headers: Record<string, string>, check: ConnectionCheck): void {
  for (const [name, value] of Object.entries(headers)) {
    // the value is never quoted: it may be a credential
    const field = `extraHeaders.${name}`;
    if (!HEADER_NAME.test(name)) {
      check.problems.push({ field: 'extraHeaders', message: `a header name may hold only letters, digits and !#$%&'*+.^_\`|~- (${JSON.stringify(name.slice(0, 40))} does not)` });
      continue;
    }
    const reserved = RESERVED_HEADERS[name.toLowerCase()];
    if (reserved !== undefined) check.problems.push({ field, message: `the header ${name} cannot be set here: ${reserved}` });
    else if (typeof value !== 'string' || hasLineBreakOrControl(value)) check.problems.push({ field, message: `the value of header ${name} must be text without line breaks or control characters` });
  }
}

/** Every problem with a connection's fields at once. The key is not among them: it is never here. */
export function checkConnection(connection: LlmConnection): ConnectionCheck {
  const check: ConnectionCheck = { problems: [], warnings: [] };
  if (connection.id.trim().length === 0) check.problems.push({ field: 'id', message: 'the connection has no id' });
  if (connection.name.trim().length === 0) check.problems.push({ field: 'name', message: 'give the connection a name' });
  checkBaseUrl(connection.baseURL, check);
  if (connection.model.trim().length === 0) check.problems.push({ field: 'model', message: 'name the model (as the endpoint lists it)' });
  else if (connection.model !== connection.model.trim() || hasLineBreakOrControl(connection.model)) check.problems.push({ field: 'model', message: 'the model name must not start or end with spaces or hold control characters' });
  if (connection.organization !== undefined && (connection.organization.trim() !== connection.organization || hasLineBreakOrControl(connection.organization) || connection.organization.length === 0)) {
    check.problems.push({ field: 'organization', message: 'the organisation id must be text without spaces at its ends or control characters (leave it out when there is none)' });
  }
  if (connection.family !== undefined && (connection.family.trim() !== connection.family || connection.family.length === 0 || connection.family.length > 40 || hasLineBreakOrControl(connection.family))) {
    check.problems.push({ field: 'family', message: 'the model family must be 1–40 characters without spaces at its ends or control characters (leave it out when unknown)' });
  }
  if (connection.maxAnswerMB !== undefined && !isMaxAnswerMB(connection.maxAnswerMB)) check.problems.push({ field: 'maxAnswerMB', message: `the answer size limit must be ${MAX_ANSWER_MB_RULE} (got ${String(connection.maxAnswerMB)})` });
  if (connection.price) {
    for (const [name, words] of [['inputPerMillion', 'input'], ['outputPerMillion', 'output']] as const) {
      const value = connection.price[name];
      if (!(Number.isFinite(value) && value >= 0)) check.problems.push({ field: `price.${name}`, message: `the price per million ${words} tokens must be a number of 0 or more (got ${String(value)})` });
    }
  }
  for (const kind of JOB_KINDS) {
    const sampling = connection.sampling[kind];
    if (sampling) checkSampling(kind, sampling, check);
  }
  checkConcurrency(connection.concurrency, check);
  checkHeaders(connection.extraHeaders, check);
  return check;
}
