import { isMap, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';
import type { ValuePath } from './check-schema';

export interface SourcePosition {
  line: number;
  column: number;
}

/**
 * Where the value at `path` starts in the source (or its key, with `atKey`); the nearest enclosing
 * node when the path goes further than the document (a missing key is reported at its mapping).
 */
export function positionOf(doc: Document, lines: LineCounter, path: ValuePath, atKey = false): SourcePosition {
  let node: Node | null | undefined = doc.contents;
  let found: Node | null | undefined = node;
  for (const [depth, step] of path.entries()) {
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(step));
      if (!pair) break;
      if (atKey && depth === path.length - 1 && isScalar(pair.key)) {
        found = pair.key;
        break;
      }
      node = pair.value as Node | null;
    } else if (isSeq(node) && typeof step === 'number') node = node.items[step] as Node | null;
    else break;
    if (node) found = node;
    else break;
  }
  const offset = found?.range?.[0] ?? 0;
  const { line, col } = lines.linePos(offset);
  return { line, column: col };
}
