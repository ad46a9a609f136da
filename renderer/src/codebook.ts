/**
 * The codebook the renderer works with. Today that is the bundled SID default; a data set
 * records the id of its codebook so a group's own codebook can be added without a migration.
 */
import { DEFAULT_CODEBOOK, type Codebook, type FieldDef, type LabelLanguage } from '../../shared/codebook';
import { DEFAULT_CONSISTENCY_RULES, type ConsistencyRules } from '../../shared/consistency';

export const ACTIVE_CODEBOOK: Codebook = DEFAULT_CODEBOOK;

const KNOWN_CODEBOOKS: readonly Codebook[] = [DEFAULT_CODEBOOK];

export function codebookById(codebookId: string): Codebook | undefined {
  return KNOWN_CODEBOOKS.find((codebook) => codebook.id === codebookId);
}

/** The codebook of a data set; an unknown id falls back to the default (and says so through `fallback`). */
export function codebookForDataset(codebookId: string): { codebook: Codebook; fallback: boolean } {
  const found = codebookById(codebookId);
  return found ? { codebook: found, fallback: false } : { codebook: ACTIVE_CODEBOOK, fallback: true };
}

/**
 * The consistency rules of a data set's codebook: the ONE place review, the findings list and
 * anything else get them from. Today the bundled default codebook's rules; a custom codebook
 * will bring its own (resources/codebooks/<codebook>.rules.json or the codebook editor's). A
 * codebook without rules of its own is checked by no rule rather than by another codebook's.
 */
export function consistencyRulesFor(codebookId: string): ConsistencyRules {
  const { codebook } = codebookForDataset(codebookId);
  if (codebook.id === DEFAULT_CONSISTENCY_RULES.codebookId) return DEFAULT_CONSISTENCY_RULES;
  return { codebookId: codebook.id, rules: [] };
}

export function fieldName(field: FieldDef, lang: LabelLanguage): string {
  const other: LabelLanguage = lang === 'zh' ? 'en' : 'zh';
  return field.name[lang] || field.name[other] || field.id;
}

/** Fields that carry labels (everything except the speaker and the free-text utterance, which have their own columns). */
export function annotationFields(codebook: Codebook = ACTIVE_CODEBOOK): FieldDef[] {
  return codebook.fields.filter((field) => field.id !== 'speaker' && field.id !== 'utterance');
}
