/**
 * The codebook panel's search: which labels of a field (or of every field) mention a query in
 * their code, Chinese or English name, aliases, definition or example. Folded like the
 * importer folds values (width, case, spacing), so `ＧＵＩＤＥ` finds `guide_reasoning`.
 */
import { foldForMatch } from './text-fold';
import type { Codebook, FieldDef, LabelDef } from './types';

/** Every text of a label the search looks at, in both languages. */
function labelTexts(label: LabelDef): string[] {
  return [label.code, label.name.zh, label.name.en, ...label.aliases, label.definition.zh, label.definition.en, label.example.zh, label.example.en];
}

/** The query's terms: words separated by spaces must each appear (in any of the label's texts). */
function queryTerms(query: string): string[] {
  const folded = foldForMatch(query);
  return folded === '' ? [] : folded.split(' ');
}

function labelMatches(label: LabelDef, terms: readonly string[]): boolean {
  const texts = labelTexts(label).map(foldForMatch);
  return terms.every((term) => texts.some((text) => text.includes(term)));
}

/** The field's labels that match `query`, in codebook order; an empty query keeps them all. */
export function filterFieldLabels(field: FieldDef, query: string): LabelDef[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return field.labels;
  return field.labels.filter((label) => labelMatches(label, terms));
}

export interface FieldLabelMatches {
  field: FieldDef;
  labels: LabelDef[];
}

/** Matches in every field of the codebook, fields in codebook order; fields without a match are left out. */
export function searchCodebookLabels(codebook: Codebook, query: string): FieldLabelMatches[] {
  return codebook.fields.map((field) => ({ field, labels: filterFieldLabels(field, query) })).filter((entry) => entry.labels.length > 0);
}
