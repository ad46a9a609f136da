/**
 * A stored, registered edited version of the bundled codebook (one label added to teacher_intent),
 * and a data set recording it: what a call site must use instead of the bundled codebook.
 */
import { DEFAULT_CODEBOOK, applyCodebookEdit } from '../../../../shared/codebook';
import type { Codebook } from '../../../../shared/codebook/types';
import { DEFAULT_CONSISTENCY_RULES } from '../../../../shared/consistency';
import { registerCodebookVersions } from '../../../../renderer/src/codebook';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { addCodebookVersion, listCodebookVersions } from '../../../../renderer/src/db/repositories/codebook-versions';

export const ADDED_CODE = 'invite_peer_review';
export const ADDED_NAME = { zh: '邀请同伴评议', en: 'Invite peer review' };

export function editedCodebook(): Codebook {
  return applyCodebookEdit(DEFAULT_CODEBOOK, {
    kind: 'add-label',
    fieldId: 'teacher_intent',
    label: { code: ADDED_CODE, name: ADDED_NAME, aliases: ['邀请同伴评议'], definition: { zh: '请同伴评价', en: 'Asks a peer to assess' }, example: { zh: '', en: '' } },
  });
}

/** Stores and registers the edited version, and makes the data set record it. Returns its hash. */
export async function useEditedVersion(db: MaieuticDb, datasetId: string): Promise<{ hash: string; codebook: Codebook }> {
  const row = await addCodebookVersion(db, { codebook: editedCodebook(), rules: DEFAULT_CONSISTENCY_RULES });
  registerCodebookVersions(await listCodebookVersions(db));
  await db.datasets.update(datasetId, { codebookHash: row.hash });
  return { hash: row.hash, codebook: row.codebook };
}
