/**
 * How large an endpoint's answer may be: a body past this is not read (main's boundedFetch stops
 * at it) and the call fails as too-large. A connection raises it with `maxAnswerMB`, the command
 * line with --max-answer-mb. 1 MB here is 1,048,576 bytes.
 */
export const BYTES_PER_MB = 1024 * 1024;
/** The largest answer read unless the user raises it: far above any chat answer, far below what would strain memory. */
export const DEFAULT_MAX_ANSWER_MB = 8;
/** The highest limit a user may set: an answer this size still fits in memory a few times over. */
export const MAX_ANSWER_MB_CEILING = 1024;

export function maxAnswerBytes(maxAnswerMB: number | undefined): number {
  return Math.round((maxAnswerMB ?? DEFAULT_MAX_ANSWER_MB) * BYTES_PER_MB);
}

/** Whether a figure is a limit the app takes: a number of MB above 0 and at most the ceiling. */
export function isMaxAnswerMB(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= MAX_ANSWER_MB_CEILING;
}

export const MAX_ANSWER_MB_RULE = `a number of MB above 0 and at most ${MAX_ANSWER_MB_CEILING} (${DEFAULT_MAX_ANSWER_MB} unless given)`;

/** A size in MB as messages write it: whole MB plain, others to one decimal. */
export function formatMB(bytes: number): string {
  const mb = bytes / BYTES_PER_MB;
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}
