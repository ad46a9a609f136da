import type { Codebook } from '../codebook/types';
import type { ConsistencyRules } from '../consistency/types';

/**
 * One version of a codebook (Dexie table codebookVersions, schema v10): the bundled SID codebook
 * as shipped, or a version an expert made by editing labels, definitions or aliases. Rows are
 * never rewritten: an edit is a new row whose `basedOn` names the version it came from.
 */
export interface CodebookVersionRow {
  /** `${codebookId}@${hash}` */
  id: string;
  codebookId: string;
  /** codebookVersionHash(codebook) */
  hash: string;
  codebook: Codebook;
  /** the consistency rules that travel with this version (a custom codebook brings its own) */
  rules: ConsistencyRules;
  /** the version's id it was edited from; absent for a bundled or imported codebook */
  basedOn?: string;
  createdAt: string;
  /** who made the edit; absent for a bundled codebook */
  reviewer?: string;
}

export function codebookVersionId(codebookId: string, hash: string): string {
  return `${codebookId}@${hash}`;
}
