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

  it('resolves a custom codebook id without a hash to its newest registered version, with that version’s rules', async () => {
    const custom = { ...DEFAULT_CODEBOOK, id: 'custom-newest', name: { zh: '自定义', en: 'Custom' } };
    const older = await addCodebookVersion(db, { codebook: { ...custom, version: '1' }, rules: { codebookId: 'custom-newest', rules: [] }, createdAt: '2026-01-01T00:00:00.000Z' });
    const newer = await addCodebookVersion(db, { codebook: { ...custom, version: '2' }, rules: { codebookId: 'custom-newest', rules: DEFAULT_CONSISTENCY_RULES.rules.slice(0, 2) }, createdAt: '2026-02-01T00:00:00.000Z' });
    // registered newest first, so the order of registration cannot be what picks it
    registerCodebookVersions([newer, older]);
    expect(codebookForDataset('custom-newest')).toEqual({ codebook: newer.codebook, fallback: false });
    expect(codebookForDataset({ codebookId: 'custom-newest', codebookHash: older.hash }).codebook.version).toBe('1');
    expect(consistencyRulesFor('custom-newest').rules).toHaveLength(2);
    // the bundled id without a hash stays the bundled codebook; an id nobody has still falls back
    expect(codebookForDataset('sid-default').codebook).toBe(DEFAULT_CODEBOOK);
    expect(codebookForDataset('nobody-has-it').fallback).toBe(true);
  });
});
