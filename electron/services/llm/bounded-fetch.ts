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
import { formatMB } from '../../../shared/llm/answer-size';

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
