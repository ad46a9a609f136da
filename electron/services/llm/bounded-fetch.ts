/**
 * The `fetch` the openai client is given: it reads the whole body before it hands the response
 * over, counting bytes as they come, and stops reading at the answer size limit. Two faults of an
 * endpoint are bounded this way:
 * - a body that drips or never ends: the openai client's `timeout` runs until its `fetch`
 *   resolves, which with the plain fetch is when the headers arrive, so a body that never ended
 *   kept a call (and `annotate --timeout 8`) going for ever. Here `fetch` resolves after the last
 *   byte, so the client's timeout (and its abort signal) cover the request to its end;
 * - a body too large: read into memory whole, a 50 MB answer cost about 450 MB. Here nothing past
 *   the limit is read, and a `content-length` above it is refused before the body is read at all.
 * The limit counts the bytes after decompression (what memory holds), so a small compressed
 * body that unpacks to gigabytes is stopped too.
 */

/** 1 MB as the limit's setting counts it (a mebibyte). */
export const BYTES_PER_MB = 1024 * 1024;
/** The largest answer read from an endpoint unless the user raises it (a connection's maxAnswerMB, --max-answer-mb). */
export const DEFAULT_MAX_ANSWER_MB = 8;
/** The highest limit a user may set: an answer this size still fits in memory a few times over. */
export const MAX_ANSWER_MB_CEILING = 1024;

export function maxAnswerBytes(maxAnswerMB: number | undefined): number {
  return Math.round((maxAnswerMB ?? DEFAULT_MAX_ANSWER_MB) * BYTES_PER_MB);
}

/** Whether a user's figure is a limit this app takes (a number of MB above 0, at most the ceiling). */
export function isMaxAnswerMB(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= MAX_ANSWER_MB_CEILING;
}

/** An answer refused for its size; the openai client carries it as the `cause` of its connection error. */
export class AnswerTooLargeError extends Error {
  constructor(
    readonly limitBytes: number,
    /** what `content-length` announced, when the refusal came from it */
    readonly declaredBytes: number | null,
  ) {
    super(declaredBytes === null ? `the answer grew past ${formatMB(limitBytes)} MB` : `the answer announced ${formatMB(declaredBytes)} MB, above the ${formatMB(limitBytes)} MB limit`);
    this.name = 'AnswerTooLargeError';
  }
}

export function formatMB(bytes: number): string {
  const mb = bytes / BYTES_PER_MB;
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}

/** Statuses whose response may carry no body (the Response constructor refuses one). */
const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);

export function boundedFetch(limitBytes: number, base: typeof fetch = globalThis.fetch): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (Number.isFinite(declared) && declared > limitBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw new AnswerTooLargeError(limitBytes, declared);
    }
    if (response.body === null || NULL_BODY_STATUS.has(response.status)) return response;
    const body = await readAtMost(response.body, limitBytes);
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** The whole stream, or AnswerTooLargeError as soon as it passes `limitBytes` (the rest is never read). */
async function readAtMost(stream: ReadableStream<Uint8Array>, limitBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limitBytes) {
        await reader.cancel().catch(() => undefined);
        throw new AnswerTooLargeError(limitBytes, null);
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const whole = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return whole;
}
