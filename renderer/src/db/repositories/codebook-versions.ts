import { DEFAULT_CODEBOOK, codebookVersionHash } from '../../../../shared/codebook';
import type { Codebook } from '../../../../shared/codebook/types';
import { DEFAULT_CONSISTENCY_RULES } from '../../../../shared/consistency';
import type { ConsistencyRules } from '../../../../shared/consistency/types';
import { codebookVersionId, type CodebookVersionRow } from '../../../../shared/model/codebook-version';
import type { MaieuticDb } from '../db';

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
  const hash = codebookVersionHash(input.codebook);
  const id = codebookVersionId(input.codebook.id, hash);
  return db.transaction('rw', db.codebookVersions, async () => {
    const existing = await db.codebookVersions.get(id);
    if (existing) return existing;
    const row: CodebookVersionRow = {
      id,
      codebookId: input.codebook.id,
      hash,
      codebook: input.codebook,
      rules: input.rules,
      createdAt: input.createdAt ?? new Date().toISOString(),
      ...(input.basedOn ? { basedOn: input.basedOn } : {}),
      ...(input.reviewer ? { reviewer: input.reviewer } : {}),
    };
    await db.codebookVersions.add(row);
    return row;
  });
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
