/** A row refused before it reached IndexedDB; the message names the record and the problem. */
export class ValidationError extends Error {
  override name = 'ValidationError';
}
