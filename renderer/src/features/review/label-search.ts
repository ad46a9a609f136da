/**
 * Type-ahead over one field's labels: Chinese and English names, aliases and codes, folded
 * the same way the importer folds values (width, case, spacing).
 */
import { foldForMatch } from '../../../../shared/codebook/text-fold';
import type { FieldDef, LabelDef } from '../../../../shared/codebook/types';

export interface LabelMatch {
  code: string;
  /** null for a new value of an open vocabulary */
  label: LabelDef | null;
  /** lower is better: 0 exact, 1 prefix, 2 word prefix, 3 substring */
  rank: number;
}

function rankSpelling(spelling: string, query: string): number | null {
  const folded = foldForMatch(spelling);
  if (!folded) return null;
  if (folded === query) return 0;
  if (folded.startsWith(query)) return 1;
  if (folded.split(/[\s_()/-]+/).some((word) => word.startsWith(query))) return 2;
  if (folded.includes(query)) return 3;
  return null;
}

/**
 * Labels matching `query`, best first, ties in codebook order. An empty query lists every
 * label. For an open vocabulary a query that names no label is offered as a new value.
 */
export function searchLabels(field: FieldDef, query: string): LabelMatch[] {
  const folded = foldForMatch(query);
  if (!folded) return field.labels.map((label) => ({ code: label.code, label, rank: 0 }));
  const matches: { match: LabelMatch; order: number }[] = [];
  field.labels.forEach((label, order) => {
    const spellings = [label.code, label.name.zh, label.name.en, ...label.aliases];
    const ranks = spellings.map((spelling) => rankSpelling(spelling, folded)).filter((rank): rank is number => rank !== null);
    if (ranks.length > 0) matches.push({ match: { code: label.code, label, rank: Math.min(...ranks) }, order });
  });
  matches.sort((a, b) => a.match.rank - b.match.rank || a.order - b.order);
  const result = matches.map((entry) => entry.match);
  if (field.openVocabulary && !result.some((match) => match.rank === 0)) {
    result.push({ code: query.trim(), label: null, rank: 4 });
  }
  return result;
}
