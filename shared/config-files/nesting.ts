/**
 * The import's nesting rule (at most MAX_JSON_NESTING levels of lists and objects) for YAML
 * config files. The YAML library composes documents recursively: a scenario nested 100,000 flow
 * levels, or 5,000 block levels, ends in "Maximum call stack size exceeded". Its parser (the
 * concrete syntax tree) is not recursive, so the depth is measured on that tree, with an explicit
 * stack, before anything is composed.
 */
import { LineCounter, Parser } from 'yaml';
import { MAX_JSON_NESTING, tooDeepMessage } from '../import/json-records';

interface CstNode {
  type?: string;
  offset?: number;
  value?: CstNode;
  key?: CstNode | null;
  items?: { key?: CstNode | null; value?: CstNode | null }[];
}

const COLLECTIONS = new Set(['block-map', 'block-seq', 'flow-collection']);

/** The offset of the first collection that opens a level beyond `limit` (the document's own value is level 1), or -1. */
export function yamlNestingBeyond(text: string, limit = MAX_JSON_NESTING): number {
  for (const token of new Parser().parse(text)) {
    const pending: [CstNode, number][] = [[token as CstNode, 0]];
    while (pending.length > 0) {
      const [node, outer] = pending.pop()!;
      const depth = outer + (node.type !== undefined && COLLECTIONS.has(node.type) ? 1 : 0);
      if (depth > limit) return node.offset ?? 0;
      if (node.value && typeof node.value === 'object') pending.push([node.value, depth]);
      if (node.key && typeof node.key === 'object') pending.push([node.key, depth]);
      for (const item of node.items ?? []) {
        if (item.key && typeof item.key === 'object') pending.push([item.key, depth]);
        if (item.value && typeof item.value === 'object') pending.push([item.value, depth]);
      }
    }
  }
  return -1;
}

/** The nesting problem of a YAML file, at its line and column, or null. */
export function yamlNestingProblem(text: string, consequence: string): { line: number; column: number; message: string } | null {
  const offset = yamlNestingBeyond(text);
  if (offset === -1) return null;
  const lines = new LineCounter();
  lines.addNewLine(0);
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines.addNewLine(at + 1);
  const { line, col } = lines.linePos(offset);
  return { line, column: col, message: tooDeepMessage(col, consequence) };
}
