import { codebookVersionEntry } from '../../../../shared/audit/entries';
import { DEFAULT_CODEBOOK, CodebookEditError, codebookVersionHash, editsBetween, validateEditedCodebook } from '../../../../shared/codebook';
import type { Codebook } from '../../../../shared/codebook/types';
import { DEFAULT_CONSISTENCY_RULES } from '../../../../shared/consistency';
import type { ConsistencyRules } from '../../../../shared/consistency/types';
import { codebookVersionId, type CodebookVersionRow } from '../../../../shared/model/codebook-version';
import type { Dataset } from '../../../../shared/model/dataset';
import type { MaieuticDb } from '../db';
import { checkedRow } from './row-checks';

/** Every stored codebook version, oldest first. */
export async function listCodebookVersions(db: MaieuticDb): Promise<CodebookVersionRow[]> {
  const rows = await db.codebookVersions.toArray();
  return rows.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/**
 * Stores a version unless a row with its id exists: a version row is never rewritten (an edit is
 * a new row with a new hash). Returns the stored row (the existing one when it was there).
 */
export async function addCodebookVersion(
  db: MaieuticDb,
  input: { codebook: Codebook; rules: ConsistencyRules; basedOn?: string; reviewer?: string; createdAt?: string },
): Promise<CodebookVersionRow> {
  const row = codebookVersionRow(input);
  return db.transaction('rw', db.codebookVersions, async () => {
    const existing = await db.codebookVersions.get(row.id);
    if (existing) return existing;
    await db.codebookVersions.add(checkedRow('codebookVersions', row));
    return row;
  });
}

/** The row addCodebookVersion stores for this input (pure: nothing is read or written). */
export function codebookVersionRow(input: { codebook: Codebook; rules: ConsistencyRules; basedOn?: string; reviewer?: string; createdAt?: string }): CodebookVersionRow {
  const hash = codebookVersionHash(input.codebook);
  return {
    id: codebookVersionId(input.codebook.id, hash),
    codebookId: input.codebook.id,
    hash,
    codebook: input.codebook,
    rules: input.rules,
    createdAt: input.createdAt ?? new Date().toISOString(),
    ...(input.basedOn ? { basedOn: input.basedOn } : {}),
    ...(input.reviewer ? { reviewer: input.reviewer } : {}),
  };
}

/** What saving or choosing a version did: the version row (new or re-used) and the data set as it is now. */
export interface CodebookMove {
  row: CodebookVersionRow;
  /** false: a row with the same content existed and was re-used, never rewritten */
  created: boolean;
  /** false: the data set already used this version (nothing written to it or to the audit) */
  moved: boolean;
  dataset: Dataset;
}

/**
 * "Save as new version": stores an edited codebook as a version row (based on the version the
 * expert edited; that version's consistency rules carried over) and moves the data set to it, with
 * one audit entry (reason 'codebook'), all in one transaction: either all of it is stored or none.
 * `baseHash` is the hash of the codebook the expert edited; a data set that moved to another
 * version meanwhile is refused. `fallbackRules` are the rules when the edited version has no row
 * (a data set made before versioning, shown with its bundled codebook).
 */
export async function saveEditedCodebookVersion(
  db: MaieuticDb,
  input: { datasetId: string; baseHash: string; codebook: Codebook; fallbackRules: ConsistencyRules; reviewer: string; note: string; at?: string },
): Promise<CodebookMove> {
  const at = input.at ?? new Date().toISOString();
  if (!input.reviewer.trim()) throw new Error('Enter your name in Settings before saving a codebook version. / 保存编码手册版本前，请先在设置中填写姓名。');
  const problems = validateEditedCodebook(input.codebook);
  if (problems.length > 0) throw new CodebookEditError(problems);
  return db.transaction('rw', [db.codebookVersions, db.datasets, db.editLog], async () => {
    const dataset = await db.datasets.get(input.datasetId);
    if (!dataset) throw new Error(`The data set ${input.datasetId} no longer exists. / 数据集 ${input.datasetId} 已不存在。`);
    if (input.codebook.id !== dataset.codebookId) throw new Error(`The data set uses the codebook "${dataset.codebookId}", not "${input.codebook.id}". / 该数据集使用编码手册“${dataset.codebookId}”，而不是“${input.codebook.id}”。`);
    if (dataset.codebookHash && dataset.codebookHash !== input.baseHash) {
      throw new Error(`The data set moved to codebook version ${dataset.codebookHash.slice(0, 12)} while this one was edited; open the editor again. / 编辑期间数据集已改用编码手册版本 ${dataset.codebookHash.slice(0, 12)}，请重新打开编辑器。`);
    }
    const base = await db.codebookVersions.get(codebookVersionId(dataset.codebookId, input.baseHash));
    if (base) {
      const structural = editsBetween(base.codebook, input.codebook).problems;
      if (structural.length > 0) throw new CodebookEditError(structural);
    }
    const candidate = codebookVersionRow({ codebook: input.codebook, rules: base?.rules ?? input.fallbackRules, basedOn: base?.id, reviewer: input.reviewer.trim(), createdAt: at });
    const existing = await db.codebookVersions.get(candidate.id);
    if (!existing) await db.codebookVersions.add(checkedRow('codebookVersions', candidate));
    return moveWithin(db, dataset, existing ?? candidate, !existing, { reviewer: input.reviewer.trim(), at, note: input.note });
  });
}

/**
 * "Use this version": moves a data set to another stored version of its own codebook (an older
 * one, say), with an audit entry (reason 'codebook'), in one transaction.
 */
export async function moveDatasetToCodebookVersion(db: MaieuticDb, input: { datasetId: string; versionId: string; reviewer: string; at?: string }): Promise<CodebookMove> {
  const at = input.at ?? new Date().toISOString();
  if (!input.reviewer.trim()) throw new Error('Enter your name in Settings before changing a data set’s codebook version. / 更换数据集的编码手册版本前，请先在设置中填写姓名。');
  return db.transaction('rw', [db.codebookVersions, db.datasets, db.editLog], async () => {
    const dataset = await db.datasets.get(input.datasetId);
    if (!dataset) throw new Error(`The data set ${input.datasetId} no longer exists. / 数据集 ${input.datasetId} 已不存在。`);
    const row = await db.codebookVersions.get(input.versionId);
    if (!row) throw new Error(`No stored codebook version ${input.versionId}. / 没有已保存的编码手册版本 ${input.versionId}。`);
    if (row.codebookId !== dataset.codebookId) throw new Error(`The data set uses the codebook "${dataset.codebookId}"; version ${input.versionId} is of "${row.codebookId}". / 该数据集使用编码手册“${dataset.codebookId}”，版本 ${input.versionId} 属于“${row.codebookId}”。`);
    return moveWithin(db, dataset, row, false, { reviewer: input.reviewer.trim(), at, note: `version ${row.codebook.version} · ${row.hash.slice(0, 12)}` });
  });
}

async function moveWithin(db: MaieuticDb, dataset: Dataset, row: CodebookVersionRow, created: boolean, actor: { reviewer: string; at: string; note: string }): Promise<CodebookMove> {
  if (dataset.codebookHash === row.hash) return { row, created, moved: false, dataset };
  await db.datasets.update(dataset.id, { codebookHash: row.hash });
  await db.editLog.add(checkedRow('editLog', codebookVersionEntry({ datasetId: dataset.id, ...actor }, dataset.codebookHash ?? null, row.hash)));
  return { row, created, moved: true, dataset: { ...dataset, codebookHash: row.hash } };
}

/** The bundled SID codebook's current version, stored the first time (idempotent). */
export function ensureBundledCodebookVersion(db: MaieuticDb): Promise<CodebookVersionRow> {
  return addCodebookVersion(db, { codebook: DEFAULT_CODEBOOK, rules: DEFAULT_CONSISTENCY_RULES });
}

/**
 * What a layer, run or job made for a data set records of its codebook: the data set's version
 * hash, or nothing for a data set made before versioning (schema v10), which says "not recorded".
 */
export function recordedCodebookHash(dataset: { codebookHash?: string } | undefined): { codebookHash?: string } {
  return dataset?.codebookHash ? { codebookHash: dataset.codebookHash } : {};
}

/** Every stored version (oldest first) and every data set, for the settings' list of which data set uses which version. */
export async function loadCodebookVersionUse(db: MaieuticDb): Promise<{ versions: CodebookVersionRow[]; datasets: Dataset[] }> {
  const [versions, datasets] = await Promise.all([listCodebookVersions(db), db.datasets.toArray()]);
  return { versions, datasets: datasets.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)) };
}
