/**
 * How deep and how large one row of a backup may be. Far past anything the app stores (a
 * dialogue's own keys are read at most 64 levels deep on import, a turn block is a few hundred
 * KB), near enough that a crafted row cannot exhaust the stack of the IPC's structured clone or
 * the renderer's decoding, nor its memory. Main checks every row before it sends it
 * (backup-handlers.ts); the renderer checks again before it decodes one. The walk is iterative:
 * it must not itself overflow on the row it is measuring.
 */

export const MAX_ROW_DEPTH = 100;
/** characters of text and keys, and 8 per number or typed-array element: about the row's JSON size */
export const MAX_ROW_SIZE = 32 * 1024 * 1024;

export type RowLimitProblem = { problem: 'too-deep'; limit: number } | { problem: 'too-large'; limit: number };

export function rowLimitProblem(row: unknown, limits: { depth: number; size: number } = { depth: MAX_ROW_DEPTH, size: MAX_ROW_SIZE }): RowLimitProblem | null {
  const stack: [unknown, number][] = [[row, 1]];
  let size = 0;
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') size += value.length;
    else if (typeof value === 'number' || typeof value === 'boolean') size += 8;
    else if (ArrayBuffer.isView(value)) size += 8 * ((value as unknown as { length?: number }).length ?? value.byteLength);
    else if (typeof value === 'object' && value !== null) {
      if (depth > limits.depth) return { problem: 'too-deep', limit: limits.depth };
      if (Array.isArray(value)) {
        for (const inner of value) stack.push([inner, depth + 1]);
      } else {
        for (const [key, inner] of Object.entries(value)) {
          size += key.length;
          stack.push([inner, depth + 1]);
        }
      }
    }
    if (size > limits.size) return { problem: 'too-large', limit: limits.size };
  }
  return null;
}
