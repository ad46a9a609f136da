import { foldForMatch } from './text-fold';
import type { BilingualText, Codebook, FieldDef, LabelDef } from './types';

/**
 * Pure codebook editing (issue 12): an expert changes a label's names, definition, example and
 * aliases, or adds a label to a field. Codes of existing labels never change (stored values refer
 * to them) and labels are never removed (values already made would name nothing). Every edit
 * returns a new Codebook; the caller stores it as a new version (codebookVersionHash).
 */
export interface LabelPatch {
  name?: BilingualText;
  definition?: BilingualText;
  example?: BilingualText;
  aliases?: string[];
}

export type CodebookEdit =
  | { kind: 'edit-label'; fieldId: string; code: string; patch: LabelPatch }
  | { kind: 'add-label'; fieldId: string; label: LabelDef };

/** Problems of an edited codebook, each naming the field and label, in plain words. */
export function validateEditedCodebook(codebook: Codebook): string[] {
  const problems: string[] = [];
  for (const field of codebook.fields) problems.push(...fieldProblems(field));
  return problems;
}

function fieldProblems(field: FieldDef): string[] {
  const problems: string[] = [];
  const codes = new Set<string>();
  const owner = new Map<string, string>();
  for (const label of field.labels) {
    const where = `${field.id} / ${label.code || '(no code)'}`;
    if (!label.code) problems.push(`${where}: the code is empty`);
    else if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(label.code)) problems.push(`${where}: the code must be ASCII letters, digits and underscores, starting with a letter`);
    if (codes.has(label.code)) problems.push(`${where}: the code "${label.code}" is used twice in this field`);
    codes.add(label.code);
    if (!label.name.zh.trim()) problems.push(`${where}: the Chinese name is empty`);
    if (!label.name.en.trim()) problems.push(`${where}: the English name is empty`);
    const ownSpellings = new Set<string>();
    for (const spelling of [label.code, label.name.zh, label.name.en, ...label.aliases]) {
      const folded = foldForMatch(spelling);
      if (!folded || ownSpellings.has(folded)) continue;
      ownSpellings.add(folded);
      const previous = owner.get(folded);
      if (previous !== undefined && previous !== label.code) problems.push(`${where}: "${spelling}" already names the label "${previous}" of this field`);
      else owner.set(folded, label.code);
    }
    for (const alias of label.aliases) if (!alias.trim()) problems.push(`${where}: an alias is empty`);
  }
  return problems;
}

/** Applies one edit; throws Error with the problems when the result is not a valid codebook. */
export function applyCodebookEdit(codebook: Codebook, edit: CodebookEdit): Codebook {
  const next = applyUnchecked(codebook, edit);
  const problems = validateEditedCodebook(next);
  if (problems.length > 0) throw new CodebookEditError(problems);
  return next;
}

/**
 * Applies edits in order without stopping at the first problem, so an editor can show every one:
 * the edited codebook (names, texts and aliases trimmed) and every problem of the result (an edit
 * naming a field or label that does not exist is a problem too).
 */
export function applyCodebookEdits(codebook: Codebook, edits: readonly CodebookEdit[]): { codebook: Codebook; problems: string[] } {
  const problems: string[] = [];
  let next = codebook;
  for (const edit of edits) {
    try {
      next = applyUnchecked(next, edit);
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  }
  return { codebook: next, problems: [...problems, ...validateEditedCodebook(next)] };
}

/**
 * The edits that turn `base` into `draft` (a copy an editor changed in place): one edit-label per
 * changed label, one add-label per label after the base's; `problems` when the draft removed a
 * field or label or changed an existing label's code, which no edit may do.
 */
export function editsBetween(base: Codebook, draft: Codebook): { edits: CodebookEdit[]; problems: string[] } {
  const edits: CodebookEdit[] = [];
  const problems: string[] = [];
  for (const baseField of base.fields) {
    const field = draft.fields.find((candidate) => candidate.id === baseField.id);
    if (!field) {
      problems.push(`${baseField.id}: the field was removed; fields and labels are never removed`);
      continue;
    }
    baseField.labels.forEach((before, index) => {
      const after = field.labels[index];
      if (!after || after.code !== before.code) {
        problems.push(`${baseField.id} / ${before.code}: the label was removed or its code changed; codes of existing labels are fixed`);
        return;
      }
      const patch: LabelPatch = {};
      if (!sameText(before.name, after.name)) patch.name = after.name;
      if (!sameText(before.definition, after.definition)) patch.definition = after.definition;
      if (!sameText(before.example, after.example)) patch.example = after.example;
      if (before.aliases.length !== after.aliases.length || before.aliases.some((alias, at) => alias !== after.aliases[at])) patch.aliases = after.aliases;
      if (Object.keys(patch).length > 0) edits.push({ kind: 'edit-label', fieldId: field.id, code: before.code, patch });
    });
    for (const added of field.labels.slice(baseField.labels.length)) edits.push({ kind: 'add-label', fieldId: field.id, label: added });
  }
  return { edits, problems };
}

function sameText(a: BilingualText, b: BilingualText): boolean {
  return a.zh === b.zh && a.en === b.en;
}

function applyUnchecked(codebook: Codebook, edit: CodebookEdit): Codebook {
  const field = codebook.fields.find((candidate) => candidate.id === edit.fieldId);
  if (!field) throw new Error(`The codebook has no field "${edit.fieldId}".`);
  if (field.type === 'text') throw new Error(`"${field.id}" is a free-text field; it has no labels.`);
  let labels: LabelDef[];
  if (edit.kind === 'edit-label') {
    if (!field.labels.some((label) => label.code === edit.code)) throw new Error(`The field "${field.id}" has no label "${edit.code}".`);
    labels = field.labels.map((label) => (label.code === edit.code ? patchLabel(label, edit.patch) : label));
  } else {
    labels = [...field.labels, cleanLabel(edit.label)];
  }
  return { ...codebook, fields: codebook.fields.map((candidate) => (candidate.id === field.id ? { ...candidate, labels } : candidate)) };
}

export class CodebookEditError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('\n'));
    this.name = 'CodebookEditError';
    this.problems = problems;
  }
}

function trimmed(text: BilingualText): BilingualText {
  return { zh: text.zh.trim(), en: text.en.trim() };
}

function patchLabel(label: LabelDef, patch: LabelPatch): LabelDef {
  return {
    code: label.code,
    name: patch.name ? trimmed(patch.name) : label.name,
    definition: patch.definition ? trimmed(patch.definition) : label.definition,
    example: patch.example ? trimmed(patch.example) : label.example,
    aliases: patch.aliases ? patch.aliases.map((alias) => alias.trim()) : label.aliases,
  };
}

function cleanLabel(label: LabelDef): LabelDef {
  return { code: label.code.trim(), name: trimmed(label.name), definition: trimmed(label.definition), example: trimmed(label.example), aliases: label.aliases.map((alias) => alias.trim()) };
}
