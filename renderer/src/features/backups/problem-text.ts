/** A problem of a refused backup in the reader's language: where (table, row, id, field) and what (its code and parameters). */
import type { LabelLanguage } from '../../../../shared/codebook/types';
import { REFERENCE_KINDS } from '../../db/repositories/row-checks';
import type { RestoreProblem } from '../../db/backup/restore-check';
import { backupText, type BackupStringKey } from './strings';

const KINDS: ReadonlySet<string> = new Set(REFERENCE_KINDS);

export function problemWhere(lang: LabelLanguage, problem: RestoreProblem): string {
  const where = problem.row === 0 ? backupText(lang, 'whereTable', { table: problem.table }) : problem.id !== null ? backupText(lang, 'whereRowId', { table: problem.table, row: problem.row, id: problem.id }) : backupText(lang, 'whereRow', { table: problem.table, row: problem.row });
  return problem.field ? `${where} · ${backupText(lang, 'whereField', { field: problem.field })}` : where;
}

export function problemSentence(lang: LabelLanguage, problem: RestoreProblem): string {
  const params = { ...problem.params };
  if (typeof params.kind === 'string' && KINDS.has(params.kind)) params.kind = backupText(lang, `kind.${params.kind}` as BackupStringKey);
  return backupText(lang, `problem.${problem.code}` as BackupStringKey, params);
}
