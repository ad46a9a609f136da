/**
 * "Save as new version" and "use this version" (issue 12): the version row, the data set's move
 * and the audit entry are stored together or not at all; an old row is never rewritten; the same
 * content saved again re-uses its row; layers and jobs made after the move record the new hash.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyCodebookEdit, codebookVersionHash, DEFAULT_CODEBOOK, matchLabelCode } from '../../../../shared/codebook';
import { DEFAULT_CONSISTENCY_RULES } from '../../../../shared/consistency';
import type { Codebook } from '../../../../shared/codebook/types';
import { auditCsv, auditRow } from '../../../../shared/audit/rows';
import { AUDIT_REASONS } from '../../../../shared/model/edit-log';
import { codebookForDataset } from '../../../../renderer/src/codebook';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import {
  ensureBundledCodebookVersion,
  listCodebookVersions,
  loadCodebookVersionUse,
  moveDatasetToCodebookVersion,
  saveEditedCodebookVersion,
} from '../../../../renderer/src/db/repositories/codebook-versions';
import { importParsedFiles } from '../../../../renderer/src/db/repositories/import';
import { attachLayer, storedDialoguesForLayer } from '../../../../renderer/src/db/repositories/layers';
import { registerPreAnnotationJob } from '../../../../renderer/src/db/repositories/llm-jobs';
import { createCodebooksStore } from '../../../../renderer/src/stores/codebooks/store';
import { matchLayerToDataset } from '../../../../shared/layers/match-to-dataset';
import { dialogue, freshDb, parsedFile, value } from '../fixtures';

const NEW = { kind: 'new', name: 'Pilot', codebookId: 'sid-default' } as const;
const AT = '2026-12-01T09:00:00.000Z';
const BUNDLED = codebookVersionHash(DEFAULT_CODEBOOK);
const field = DEFAULT_CODEBOOK.fields.find((candidate) => candidate.id === 'teacher_intent')!;
const label = field.labels.find((candidate) => candidate.code === 'guide_reasoning')!;

function edited(definition = 'Leads the student to reason step by step (edited).'): Codebook {
  return applyCodebookEdit(DEFAULT_CODEBOOK, { kind: 'edit-label', fieldId: field.id, code: label.code, patch: { definition: { zh: label.definition.zh, en: definition }, aliases: [...label.aliases, 'step-by-step nudge'] } });
}

async function pilot(db: MaieuticDb, name = 'Pilot'): Promise<string> {
  const result = await importParsedFiles(db, { ...NEW, name }, [parsedFile(`${name}/a.jsonl`, [dialogue(1, 3)])], { now: new Date(AT) });
  return result.datasetId;
}

describe('save as new codebook version', () => {
  let db: MaieuticDb;
  beforeEach(async () => {
    db = freshDb();
    await ensureBundledCodebookVersion(db);
  });
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  it('stores the version based on the old one, moves the data set and writes one audit entry; the old row stays as it was', async () => {
    const datasetId = await pilot(db);
    const [oldRow] = await listCodebookVersions(db);
    const rules = { codebookId: 'sid-default', rules: DEFAULT_CONSISTENCY_RULES.rules.slice(0, 2) };
    await db.codebookVersions.update(oldRow.id, { rules });
    const before = await db.codebookVersions.get(oldRow.id);

    const move = await saveEditedCodebookVersion(db, { datasetId, baseHash: BUNDLED, codebook: edited(), fallbackRules: DEFAULT_CONSISTENCY_RULES, reviewer: ' 王老师 ', note: 'edited label teacher_intent/guide_reasoning', at: AT });

    const newHash = codebookVersionHash(edited());
    expect(move).toMatchObject({ created: true, moved: true });
    expect(move.row).toMatchObject({ id: `sid-default@${newHash}`, hash: newHash, basedOn: oldRow.id, reviewer: '王老师', createdAt: AT, rules });
    expect(await db.codebookVersions.get(oldRow.id)).toEqual(before);
    expect((await db.datasets.get(datasetId))!.codebookHash).toBe(newHash);
    const entries = (await db.editLog.where('datasetId').equals(datasetId).toArray()).filter((entry) => entry.reason === 'codebook');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ dialogueId: '', target: { kind: 'dataset' }, before: BUNDLED, after: newHash, reviewer: '王老师', note: 'edited label teacher_intent/guide_reasoning', at: AT });
  });

  it('stores nothing when a part fails: no version row, no move, no audit entry', async () => {
    const datasetId = await pilot(db);
    const entriesBefore = await db.editLog.count();
    db.editLog.hook('creating', () => {
      throw new Error('disk full');
    });
    await expect(saveEditedCodebookVersion(db, { datasetId, baseHash: BUNDLED, codebook: edited(), fallbackRules: DEFAULT_CONSISTENCY_RULES, reviewer: '王老师', note: 'x' })).rejects.toThrow('disk full');
    expect((await listCodebookVersions(db)).map((row) => row.hash)).toEqual([BUNDLED]);
    expect((await db.datasets.get(datasetId))!.codebookHash).toBe(BUNDLED);
    expect(await db.editLog.count()).toBe(entriesBefore);
  });

  it('re-uses the row of the same content saved again, never rewriting it', async () => {
    const first = await pilot(db, 'First');
    const second = await pilot(db, 'Second');
    const a = await saveEditedCodebookVersion(db, { datasetId: first, baseHash: BUNDLED, codebook: edited(), fallbackRules: DEFAULT_CONSISTENCY_RULES, reviewer: '王老师', note: 'a', at: AT });
    const b = await saveEditedCodebookVersion(db, { datasetId: second, baseHash: BUNDLED, codebook: edited(), fallbackRules: DEFAULT_CONSISTENCY_RULES, reviewer: '李老师', note: 'b', at: '2026-12-02T09:00:00.000Z' });
    expect(b).toMatchObject({ created: false, moved: true });
    expect(b.row).toEqual(a.row);
    expect(await db.codebookVersions.get(a.row.id)).toEqual(a.row);
    expect(await db.codebookVersions.count()).toBe(2);
    // the same data set saving the content it already uses: nothing moves, nothing is audited
    const again = await saveEditedCodebookVersion(db, { datasetId: second, baseHash: a.row.hash, codebook: edited(), fallbackRules: DEFAULT_CONSISTENCY_RULES, reviewer: '李老师', note: 'c' });
    expect(again).toMatchObject({ created: false, moved: false });
    expect((await db.editLog.toArray()).filter((entry) => entry.reason === 'codebook')).toHaveLength(2);
  });

  it('refuses an invalid draft, a removed label and a stale base, storing nothing', async () => {
    const datasetId = await pilot(db);
    const duplicate = { ...DEFAULT_CODEBOOK, fields: DEFAULT_CODEBOOK.fields.map((candidate) => (candidate.id === field.id ? { ...candidate, labels: candidate.labels.map((entry) => (entry.code === label.code ? { ...entry, name: { ...entry.name, en: '' } } : entry)) } : candidate)) };
    await expect(saveEditedCodebookVersion(db, { datasetId, baseHash: BUNDLED, codebook: duplicate, fallbackRules: DEFAULT_CONSISTENCY_RULES, reviewer: '王老师', note: 'x' })).rejects.toThrow('teacher_intent / guide_reasoning: the English name is empty');
    const removed = { ...DEFAULT_CODEBOOK, fields: DEFAULT_CODEBOOK.fields.map((candidate) => (candidate.id === field.id ? { ...candidate, labels: candidate.labels.slice(1) } : candidate)) };
    await expect(saveEditedCodebookVersion(db, { datasetId, baseHash: BUNDLED, codebook: removed, fallbackRules: DEFAULT_CONSISTENCY_RULES, reviewer: '王老师', note: 'x' })).rejects.toThrow('the label was removed or its code changed');
    await expect(saveEditedCodebookVersion(db, { datasetId, baseHash: 'ffffffffffffffff', codebook: edited(), fallbackRules: DEFAULT_CONSISTENCY_RULES, reviewer: '王老师', note: 'x' })).rejects.toThrow('moved to codebook version');
    await expect(saveEditedCodebookVersion(db, { datasetId, baseHash: BUNDLED, codebook: edited(), fallbackRules: DEFAULT_CONSISTENCY_RULES, reviewer: '  ', note: 'x' })).rejects.toThrow('Enter your name');
    expect(await db.codebookVersions.count()).toBe(1);
    expect((await db.editLog.toArray()).some((entry) => entry.reason === 'codebook')).toBe(false);
  });

  it('a data set made before versioning moves from "not recorded" (before: null), its version based on the shipped one', async () => {
    const datasetId = await pilot(db);
    await db.datasets.update(datasetId, { codebookHash: undefined });
    const move = await saveEditedCodebookVersion(db, { datasetId, baseHash: BUNDLED, codebook: edited(), fallbackRules: DEFAULT_CONSISTENCY_RULES, reviewer: '王老师', note: 'x' });
    expect(move.row.basedOn).toBe(`sid-default@${BUNDLED}`);
    const [entry] = (await db.editLog.toArray()).filter((candidate) => candidate.reason === 'codebook');
    expect(entry.before).toBeNull();
  });

  it('"use this version" moves a data set back to an older version of its codebook, audited; another codebook’s version is refused', async () => {
    const datasetId = await pilot(db);
    const saved = await saveEditedCodebookVersion(db, { datasetId, baseHash: BUNDLED, codebook: edited(), fallbackRules: DEFAULT_CONSISTENCY_RULES, reviewer: '王老师', note: 'x' });
    const back = await moveDatasetToCodebookVersion(db, { datasetId, versionId: `sid-default@${BUNDLED}`, reviewer: '王老师', at: AT });
    expect(back).toMatchObject({ moved: true, created: false });
    expect((await db.datasets.get(datasetId))!.codebookHash).toBe(BUNDLED);
    const entries = (await db.editLog.toArray()).filter((entry) => entry.reason === 'codebook');
    expect(entries.map((entry) => [entry.before, entry.after])).toEqual([[BUNDLED, saved.row.hash], [saved.row.hash, BUNDLED]]);
    const other: Codebook = { ...DEFAULT_CODEBOOK, id: 'other-book' };
    await db.codebookVersions.add({ id: `other-book@${codebookVersionHash(other)}`, codebookId: 'other-book', hash: codebookVersionHash(other), codebook: other, rules: { codebookId: 'other-book', rules: [] }, createdAt: AT });
    await expect(moveDatasetToCodebookVersion(db, { datasetId, versionId: `other-book@${codebookVersionHash(other)}`, reviewer: '王老师' })).rejects.toThrow('uses the codebook "sid-default"');
    const use = await loadCodebookVersionUse(db);
    expect(use.versions).toHaveLength(3);
    expect(use.datasets.map((dataset) => dataset.codebookHash)).toEqual([BUNDLED]);
  });

  it('a layer attached and a job started after the move record the new hash', async () => {
    const datasetId = await pilot(db);
    const move = await saveEditedCodebookVersion(db, { datasetId, baseHash: BUNDLED, codebook: edited(), fallbackRules: DEFAULT_CONSISTENCY_RULES, reviewer: '王老师', note: 'x' });
    const base = dialogue(1, 3);
    const parsed = parsedFile('wang.jsonl', [{ ...base, turns: base.turns.map((item) => ({ ...item, pre: { teacher_intent: value('guide_reasoning', 'ok', ['guide_reasoning']) } })) }]);
    const matched = matchLayerToDataset(await storedDialoguesForLayer(db, datasetId), parsed);
    const layer = await attachLayer(db, { datasetId, name: '王老师', kind: 'human', parsed, matched });
    expect(layer.codebookHash).toBe(move.row.hash);
    const job = await registerPreAnnotationJob(db, { jobId: 'job1', datasetId, title: 't', layerName: 'Qwen', connections: [{ id: 'c1', name: 'Qwen', model: 'qwen-max' }] });
    expect(job.codebookHash).toBe(move.row.hash);
    expect((await db.layers.get(job.layers[0].layerId))!.codebookHash).toBe(move.row.hash);
  });
});

describe('codebooks store', () => {
  let db: MaieuticDb;
  beforeEach(() => {
    db = freshDb();
  });
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  it('saveEdited registers the new version at once: the data set resolves to its definitions and the new alias is read as the label', async () => {
    const store = createCodebooksStore(() => db, () => '王老师');
    await store.getState().load();
    const datasetId = await pilot(db);
    const result = await store.getState().saveEdited({ datasetId, codebookHash: BUNDLED, base: DEFAULT_CODEBOOK, edited: edited('Definition after the edit'), note: 'x' });
    expect(result.ok).toBe(true);
    const dataset = (await db.datasets.get(datasetId))!;
    const { codebook } = codebookForDataset(dataset);
    const teacherIntent = codebook.fields.find((candidate) => candidate.id === 'teacher_intent')!;
    expect(teacherIntent.labels.find((candidate) => candidate.code === 'guide_reasoning')!.definition.en).toBe('Definition after the edit');
    expect(matchLabelCode(teacherIntent, 'Step-by-step nudge')).toBe('guide_reasoning');
    expect(store.getState().versions.map((row) => row.hash)).toEqual([BUNDLED, dataset.codebookHash]);
  });

  it('saveEdited gives every problem in plain words and stores nothing', async () => {
    const store = createCodebooksStore(() => db, () => '王老师');
    await store.getState().load();
    const datasetId = await pilot(db);
    const broken: Codebook = { ...DEFAULT_CODEBOOK, fields: DEFAULT_CODEBOOK.fields.map((candidate) => (candidate.id === field.id ? { ...candidate, labels: [...candidate.labels, { code: '9bad', name: { zh: '', en: 'x' }, aliases: [], definition: { zh: '', en: '' }, example: { zh: '', en: '' } }] } : candidate)) };
    const result = await store.getState().saveEdited({ datasetId, codebookHash: BUNDLED, base: DEFAULT_CODEBOOK, edited: broken, note: 'x' });
    expect(result).toEqual({ ok: false, problems: ['teacher_intent / 9bad: the code must be ASCII letters, digits and underscores, starting with a letter', 'teacher_intent / 9bad: the Chinese name is empty'] });
    expect(await db.codebookVersions.count()).toBe(1);
  });
});

describe("the audit's reason 'codebook'", () => {
  it('is a reason of its own, in the rows and in the CSV in both languages', () => {
    expect(AUDIT_REASONS).toContain('codebook');
    const entry = { seq: 7, dialogueId: '', datasetId: 'ds1', target: { kind: 'dataset' as const }, before: 'aaaaaaaaaaaaaaaa', after: 'bbbbbbbbbbbbbbbb', reviewer: '王老师', reason: 'codebook' as const, note: 'edited label teacher_intent/guide_reasoning', at: AT };
    const context = { codebook: DEFAULT_CODEBOOK, lang: 'en' as const, dialogueNameOf: () => undefined, layerNameOf: () => undefined };
    const row = auditRow(entry, context);
    expect(row).toMatchObject({ reason: 'codebook', fieldId: null, turnIndex: null, before: 'aaaaaaaaaaaaaaaa', after: 'bbbbbbbbbbbbbbbb' });
    expect(auditCsv([row], 'Pilot', context).split('\r\n')[1]).toBe(`${AT},Pilot,,,,,codebook version,王老师,aaaaaaaaaaaaaaaa,bbbbbbbbbbbbbbbb,edited label teacher_intent/guide_reasoning`);
    expect(auditCsv([auditRow(entry, { ...context, lang: 'zh' })], 'Pilot', { ...context, lang: 'zh' }).split('\r\n')[1]).toContain(',编码手册版本,');
  });
});
