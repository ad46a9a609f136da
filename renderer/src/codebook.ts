/**
 * The codebook the renderer works with. Today that is the bundled SID default; a data set
 * records the id of its codebook so a group's own codebook can be added without a migration.
 */
import { DEFAULT_CODEBOOK, type Codebook, type FieldDef, type LabelLanguage } from '../../shared/codebook';

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

export function fieldName(field: FieldDef, lang: LabelLanguage): string {
  const other: LabelLanguage = lang === 'zh' ? 'en' : 'zh';
  return field.name[lang] || field.name[other] || field.id;
}

/** Fields that carry labels (everything except the speaker and the free-text utterance, which have their own columns). */
export function annotationFields(codebook: Codebook = ACTIVE_CODEBOOK): FieldDef[] {
  return codebook.fields.filter((field) => field.id !== 'speaker' && field.id !== 'utterance');
}
