/**
 * The one place audit entries (shared/model/edit-log.ts) are built. Every writer of a value
 * (review, undo/redo, adjudication, a work package or layer file, a restore) calls these, so an
 * entry always carries its data set, reason, who and when, and no writer hand-builds one.
 */
import type { FieldValue } from '../model/dataset';
import type { AuditReason, EditLogEntry, EditTarget } from '../model/edit-log';

/** Who wrote and when, and where: shared by every entry of one action. */
export interface AuditActor {
  datasetId: string;
  reviewer: string;
  annotatorId?: string;
  /** ISO time */
  at: string;
  note?: string;
}

/** The value of a layer field as the audit shows it: label codes, or the text of a free-text field. */
export interface LayerAuditValue {
  codes: string[];
  text: string | null;
  /** adjudication only: unanimous / adjudicated / unresolved */
  status?: string;
}

export function auditEntry(actor: AuditActor, dialogueId: string, target: EditTarget, reason: AuditReason, before: unknown, after: unknown): EditLogEntry {
  if (!actor.datasetId) throw new Error('Audit entry without a data set');
  if (Number.isNaN(Date.parse(actor.at))) throw new Error(`Audit entry with an invalid time "${actor.at}"`);
  const entry: EditLogEntry = { dialogueId, datasetId: actor.datasetId, target, before, after, reviewer: actor.reviewer, reason, at: actor.at };
  if (actor.annotatorId !== undefined) entry.annotatorId = actor.annotatorId;
  if (actor.note !== undefined && actor.note !== '') entry.note = actor.note;
  return entry;
}

/** The reason of an expert field change, from the value it left (null: cleared). */
export function fieldReason(after: { decision: string } | null): AuditReason {
  if (after === null) return 'cleared';
  if (after.decision === 'accepted') return 'accepted';
  if (after.decision === 'unsure') return 'unsure';
  if (after.decision === 'labelled') return 'labelled';
  return 'corrected';
}

/** An imported layer value in the audit's shape; null for an empty value (nothing came in). */
export function layerValueOf(value: FieldValue | undefined): LayerAuditValue | null {
  if (!value) return null;
  if (value.codes.length > 0) return { codes: [...value.codes], text: null };
  return value.raw.trim() === '' ? null : { codes: [], text: value.raw };
}

/** One entry per non-empty value of each turn, for values brought in from a file (reason 'imported'). */
export function importedEntries(
  actor: AuditActor,
  layerId: string,
  rows: readonly { dialogueId: string; turnId: string; values: Record<string, FieldValue> }[],
  beforeOf: (turnId: string, fieldId: string) => LayerAuditValue | null = () => null,
): EditLogEntry[] {
  const entries: EditLogEntry[] = [];
  for (const row of rows) {
    for (const [fieldId, value] of Object.entries(row.values)) {
      const after = layerValueOf(value);
      if (after === null) continue;
      entries.push(auditEntry(actor, row.dialogueId, { kind: 'layer-field', layerId, turnId: row.turnId, fieldId }, 'imported', beforeOf(row.turnId, fieldId), after));
    }
  }
  return entries;
}

/** A turn's verified flag in the audit's shape. */
export interface TurnAuditValue {
  verified: boolean;
}

/**
 * One entry per turn whose verified flag a work package brings in (reason 'imported', target the
 * layer's turn): the annotator's verification is part of their work, as their values are.
 */
export function importedTurnEntries(
  actor: AuditActor,
  layerId: string,
  rows: readonly { dialogueId: string; turnId: string; work?: { verified?: { verified: boolean } } }[],
  beforeOf: (turnId: string) => TurnAuditValue | null = () => null,
): EditLogEntry[] {
  const entries: EditLogEntry[] = [];
  for (const row of rows) {
    const flag = row.work?.verified;
    if (!flag) continue;
    entries.push(auditEntry(actor, row.dialogueId, { kind: 'turn', turnId: row.turnId, layerId }, 'imported', beforeOf(row.turnId), { verified: flag.verified }));
  }
  return entries;
}

/**
 * The entry a backup or project-file restore writes: one per data set restored, target
 * 'dataset', dialogueId '', before/after as the restorer describes them (e.g. counts), note the file.
 */
export function restoredEntries(actor: Omit<AuditActor, 'datasetId'>, datasetIds: readonly string[], before: unknown = null, after: unknown = null): EditLogEntry[] {
  return datasetIds.map((datasetId) => auditEntry({ ...actor, datasetId }, '', { kind: 'dataset' }, 'restored', before, after));
}

/**
 * The entry of a data set moving to another version of its codebook (reason 'codebook', target
 * 'dataset', dialogueId ''): before the version hash it left (null: none recorded, a data set made
 * before versioning), after the hash it uses now; the note says what was edited.
 */
export function codebookVersionEntry(actor: AuditActor, beforeHash: string | null, afterHash: string): EditLogEntry {
  return auditEntry(actor, '', { kind: 'dataset' }, 'codebook', beforeHash, afterHash);
}
