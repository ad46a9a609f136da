/**
 * An error main sends with a code (shared/jobs/reasons.ts) beside its English text. IPC keeps only
 * an error's message (Electron wraps it as "Error invoking remote method '…': Error: …"; the test
 * bridge passes it as it is), so the code rides at the end of the message after a mark, and the
 * renderer's client takes it back off (renderer/src/api/client.ts). Anything reading the message
 * as plain text still reads the English first.
 */
import { readJobReason, type JobReason } from '../jobs/reasons';

const MARK = '\n[maieutic-reason] ';

/** The message main throws: the English text, then the code. */
export function reasonedMessage(detail: string, why: JobReason): string {
  return `${detail}${MARK}${JSON.stringify(why)}`;
}

/** An error with a code, thrown by main's services and handlers. */
export class ReasonedError extends Error {
  override name = 'ReasonedError';
  constructor(readonly detail: string, readonly why: JobReason) {
    super(reasonedMessage(detail, why));
  }
}

const ELECTRON_WRAPPER = /^Error invoking remote method '[^']*': (?:[A-Za-z]*Error: )?/;

/** The English text and the code of a message from main, or null when it carries no code. */
export function readReasonedMessage(message: string): { detail: string; why: JobReason } | null {
  const at = message.lastIndexOf(MARK);
  if (at < 0) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(message.slice(at + MARK.length));
  } catch {
    return null;
  }
  const why = readJobReason(parsed);
  return why ? { detail: message.slice(0, at).replace(ELECTRON_WRAPPER, ''), why } : null;
}
