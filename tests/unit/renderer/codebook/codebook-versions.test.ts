import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK, applyCodebookEdit, codebookVersionHash } from '../../../../shared/codebook';
import { DEFAULT_CONSISTENCY_RULES } from '../../../../shared/consistency';
import { codebookForDataset, consistencyRulesFor, registerCodebookVersions } from '../../../../renderer/src/codebook';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { addCodebookVersion, ensureBundledCodebookVersion, listCodebookVersions } from '../../../../renderer/src/db/repositories/codebook-versions';
import { freshDb } from '../fixtures';

describe('codebook versions', () => {
  let db: MaieuticDb;
  beforeEach(() => {
    db = freshDb();
  });
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  it('stores the bundled version once', async () => {
    const first = await ensureBundledCodebookVersion(db);
    const second = await ensureBundledCodebookVersion(db);
    expect(second).toEqual(first);
    const rows = await listCodebookVersions(db);
    expect(rows.map((row) => row.id)).toEqual([`sid-default@${codebookVersionHash(DEFAULT_CODEBOOK)}`]);
  });

  it('resolves a data set to its recorded version, and its rules travel with it', async () => {
    const bundled = await ensureBundledCodebookVersion(db);
    const field = DEFAULT_CODEBOOK.fields.find((candidate) => candidate.labels.length > 1)!;
    const label = field.labels[0];
    const edited = applyCodebookEdit(DEFAULT_CODEBOOK, { kind: 'edit-label', fieldId: field.id, code: label.code, patch: { definition: { zh: '新定义', en: 'New definition' } } });
    const rules = { codebookId: 'sid-default', rules: DEFAULT_CONSISTENCY_RULES.rules.slice(0, 1) };
    const row = await addCodebookVersion(db, { codebook: edited, rules, basedOn: bundled.id, reviewer: '王老师' });
    expect(row.basedOn).toBe(bundled.id);
    expect((await listCodebookVersions(db)).length).toBe(2);
    registerCodebookVersions(await listCodebookVersions(db));
    const resolved = codebookForDataset({ codebookId: 'sid-default', codebookHash: row.hash }).codebook;
    expect(resolved.fields.find((candidate) => candidate.id === field.id)!.labels[0].definition.en).toBe('New definition');
    expect(consistencyRulesFor({ codebookId: 'sid-default', codebookHash: row.hash }).rules).toHaveLength(1);
    expect(consistencyRulesFor({ codebookId: 'sid-default' })).toBe(DEFAULT_CONSISTENCY_RULES);
    expect(codebookForDataset('sid-default').codebook).toBe(DEFAULT_CODEBOOK);
  });
});
