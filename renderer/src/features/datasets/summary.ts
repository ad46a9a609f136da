import type { DialogueRow } from '../../db/repositories/dialogues';

export interface RowsSummary {
  dialogues: number;
  turns: number;
  verifiedTurns: number;
  verifiedDialogues: number;
  inProgressDialogues: number;
  flaggedValues: number;
  /** teacher models with their dialogue counts, most dialogues first */
  teacherModels: { name: string; dialogues: number }[];
}

export function summariseRows(rows: readonly DialogueRow[]): RowsSummary {
  const models = new Map<string, number>();
  const summary: RowsSummary = {
    dialogues: rows.length,
    turns: 0,
    verifiedTurns: 0,
    verifiedDialogues: 0,
    inProgressDialogues: 0,
    flaggedValues: 0,
    teacherModels: [],
  };
  for (const row of rows) {
    summary.turns += row.turnCount;
    summary.verifiedTurns += row.verifiedTurns;
    summary.flaggedValues += row.flaggedCount;
    if (row.status === 'verified') summary.verifiedDialogues += 1;
    if (row.status === 'in-progress') summary.inProgressDialogues += 1;
    models.set(row.teacherModel, (models.get(row.teacherModel) ?? 0) + 1);
  }
  summary.teacherModels = [...models]
    .map(([name, dialogues]) => ({ name, dialogues }))
    .sort((a, b) => b.dialogues - a.dialogues || a.name.localeCompare(b.name));
  return summary;
}
