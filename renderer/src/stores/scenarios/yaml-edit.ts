/**
 * Form edits applied to the YAML text through the `yaml` library's Document API, so the text stays
 * the source of truth: comments, key order and quoting are kept, and the lines the library would
 * lay out otherwise (padding in `[a, b]`, long lines) are taken from the file as written wherever
 * the edit did not touch them.
 */
import { isCollection, isScalar, parseDocument, Scalar, type Document } from 'yaml';
import { diffLines } from './line-diff';

export type YamlPath = readonly (string | number)[];

const STRINGIFY = { lineWidth: 0 } as const;

/** One change of the form: set a value (undefined removes the key), add to a list, remove from one. */
export type YamlEdit =
  | { kind: 'set'; path: YamlPath; value: unknown }
  | { kind: 'append'; path: YamlPath; value: unknown }
  | { kind: 'remove'; path: YamlPath };

function setValue(doc: Document, path: YamlPath, value: unknown): void {
  if (value === undefined) {
    doc.deleteIn(path);
    return;
  }
  const node = doc.getIn(path, true);
  if (isScalar(node) && (value === null || typeof value !== 'object')) {
    node.value = value;
    // a prompt that gains a line break reads best as a block, as the templates write prompts
    if (typeof value === 'string' && value.includes('\n') && node.type !== Scalar.BLOCK_LITERAL && node.type !== Scalar.BLOCK_FOLDED) node.type = Scalar.BLOCK_LITERAL;
    return;
  }
  const created = doc.createNode(value);
  if (isCollection(node) && isCollection(created)) created.flow = node.flow;
  doc.setIn(path, created);
}

function apply(doc: Document, edit: YamlEdit): void {
  if (edit.kind === 'set') setValue(doc, edit.path, edit.value);
  else if (edit.kind === 'append') doc.addIn(edit.path, doc.createNode(edit.value));
  else doc.deleteIn(edit.path);
}

/**
 * The text after the edits, or null when the text is not YAML the library can edit (a syntax
 * error: the form waits until the text is fixed). The library's layout of the unedited document
 * is compared with its layout of the edited one, and only the lines that differ are taken from it.
 */
export function editYamlText(text: string, edits: readonly YamlEdit[]): string | null {
  const doc = parseDocument(text, { keepSourceTokens: false });
  if (doc.errors.length > 0) return null;
  const laidOut = doc.toString(STRINGIFY);
  for (const edit of edits) apply(doc, edit);
  const edited = doc.toString(STRINGIFY);
  const original = text.split('\n');
  const before = laidOut.split('\n');
  // line by line the library's layout matches the file; otherwise (a reflowed block) its layout is used
  if (before.length !== original.length) return edited;
  return diffLines(before, edited.split('\n'))
    .flatMap((line) => (line.kind === 'removed' ? [] : line.kind === 'same' ? [original[line.oldLine! - 1]] : [line.text]))
    .join('\n');
}

/** The plain value of YAML text (maps as objects), or null when the text is not YAML. */
export function yamlValue(text: string): unknown {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) return null;
  try {
    return doc.toJS({ maxAliasCount: 100 });
  } catch {
    return null;
  }
}
