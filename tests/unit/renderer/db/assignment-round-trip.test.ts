import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK, codebookVersionHash } from '../../../../shared/codebook';
import { DEFAULT_CONSISTENCY_RULES } from '../../../../shared/consistency';
import { codebookForDataset, registerCodebookVersions, rulesForCarriedCodebook } from '../../../../renderer/src/codebook';
import { listCodebookVersions } from '../../../../renderer/src/db/repositories/codebook-versions';
import { ADDED_CODE, editedCodebook, useEditedVersion } from '../codebook/edited-version';
import { parseAssignmentPackage, serializePackage } from '../../../../shared/packages';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { assignmentProgress, buildWorkPackage, openAssignment, AssignmentAlreadyOpenError } from '../../../../renderer/src/db/repositories/assignments-received';
import { buildAssignment, importWorkPackage, recordSentAssignment, WorkAlreadyImportedError } from '../../../../renderer/src/db/repositories/assignments-sent';
import { importParsedFiles } from '../../../../renderer/src/db/repositories/import';
import { listLayers, layerValues } from '../../../../renderer/src/db/repositories/layers';
import { applyFieldEdits, setTurnVerified, updateDialogueReview, verifyTurns, type FieldState } from '../../../../renderer/src/db/repositories/reviews';
import { listTurns } from '../../../../renderer/src/db/repositories/turns';
import { buildTurnModel, turnToVerify } from '../../../../renderer/src/features/review/review-model';
import { resolveIntent } from '../../../../renderer/src/stores/review/field-intents';
import { listDialoguesOf } from '../../../../renderer/src/db/repositories/dialogues';
import { dialogue, freshDb, parsedFile, turn, value } from '../fixtures';

const NOW = new Date('2026-12-02T10:00:00.000Z');

describe('assignment packages, owner → annotator → owner', () => {
  let owner: MaieuticDb;
  let annotator: MaieuticDb;
  let datasetId: string;
  let ownerDialogueIds: string[];

  beforeEach(async () => {
    owner = freshDb();
    annotator = freshDb();
    const pre = { teacher_intent: value('引导推理', 'ok', ['guide_reasoning']) };
    const withPre = (line: number) => dialogue(line, 3, { turns: [turn(0), turn(1, pre), turn(2)] });
    const imported = await importParsedFiles(owner, { kind: 'new', name: 'Pilot', codebookId: DEFAULT_CODEBOOK.id }, [parsedFile('GPT-4o/a.jsonl', [withPre(1), withPre(2), withPre(3)])]);
    datasetId = imported.datasetId;
    ownerDialogueIds = (await listDialoguesOf(owner, datasetId)).map((item) => item.id);
    // the owner's own review must never travel in the package
    await applyFieldEdits(owner, { dialogueId: ownerDialogueIds[0], reviewer: 'Owner', at: NOW.toISOString() }, [
      { turnId: `${ownerDialogueIds[0]}#1`, fieldId: 'teacher_intent', resolve: () => ({ decision: 'changed', codes: ['summarize_elevate'], text: null }) },
    ]);
  });

  afterEach(async () => {
    for (const db of [owner, annotator]) {
      db.close();
      await db.delete();
    }
  });

  async function sendAndOpen(dialogueIds: string[] | null) {
    const pkg = await buildAssignment(owner, { datasetId, codebook: DEFAULT_CODEBOOK, annotatorName: '王老师', dialogueIds, blind: true, now: NOW });
    const text = serializePackage(pkg);
    await recordSentAssignment(owner, pkg);
    const received = parseAssignmentPackage(text, 'for-wang.json');
    const { datasetId: localId } = await openAssignment(annotator, { pkg: received, file: 'for-wang.json', datasetName: 'Assignment', rules: DEFAULT_CONSISTENCY_RULES, now: NOW });
    return { pkg, text, localId };
  }

  it('carries chosen dialogues blind, comes back whole as a human layer, and is never doubled', async () => {
    const chosen = [ownerDialogueIds[2], ownerDialogueIds[0]];
    const { text, localId } = await sendAndOpen(chosen);
    // blind: turns carry their text only, never the pre-annotation nor the owner's review
    const sentTurns = (JSON.parse(text) as { dialogues: { id: string; turns: object[] }[] }).dialogues.flatMap((item) => item.turns);
    expect(new Set(sentTurns.flatMap((item) => Object.keys(item)))).toEqual(new Set(['index', 'speaker', 'speakerRaw', 'utterance', 'endMarker']));
    expect((JSON.parse(text) as { dialogues: { id: string }[] }).dialogues.map((item) => item.id)).toEqual(chosen);

    const local = await listDialoguesOf(annotator, localId);
    expect(local).toHaveLength(2);
    const [first, second] = (await annotator.assignments.get(JSON.parse(text).id as string))!.localDialogueIds!;
    expect((await annotator.turnBlocks.count()) > 0).toBe(true);
    expect(await assignmentProgress(annotator, localId)).toMatchObject({ done: 0, total: 2 });

    const ctx = (dialogueId: string, at: string) => ({ dialogueId, reviewer: '王老师', at });
    await applyFieldEdits(annotator, ctx(first, '2026-12-02T11:00:00.000Z'), [
      { turnId: `${first}#1`, fieldId: 'teacher_intent', resolve: () => ({ decision: 'changed', codes: ['check_understanding'], text: null }) },
      { turnId: `${first}#1`, fieldId: 'teaching_strategy', resolve: () => ({ decision: 'unsure', codes: ['provide_hints', 'use_analogies'], text: null }) },
      { turnId: `${first}#0`, fieldId: 'utterance', resolve: () => ({ decision: 'changed', codes: [], text: '为什么仙人掌有刺？' }) },
    ]);
    await setTurnVerified(annotator, ctx(first, '2026-12-02T11:05:00.000Z'), `${first}#1`, true);
    await updateDialogueReview(annotator, ctx(first, '2026-12-02T11:06:00.000Z'), { status: 'verified' });
    await applyFieldEdits(annotator, { dialogueId: second, reviewer: '王老师', at: '2026-12-02T11:10:00.000Z' }, [
      { turnId: `${second}#2`, fieldId: 'student_cognition_state', resolve: () => ({ decision: 'changed', codes: ['incorrect_answer'], text: null }) },
    ]);
    expect(await assignmentProgress(annotator, localId)).toMatchObject({ done: 1, total: 2 });

    const work = await buildWorkPackage(annotator, localId, new Date('2026-12-02T12:00:00.000Z'));
    const workText = serializePackage(work);
    const report = await importWorkPackage(owner, { datasetId, codebook: DEFAULT_CODEBOOK, text: workText, file: 'from-wang.json', now: NOW });
    expect(report.layer).toMatchObject({ name: '王老师', kind: 'human', turns: 3 });
    expect(report.annotator).toMatchObject({ name: '王老师', role: 'annotator', kind: 'human' });
    expect(report.counts).toEqual({ dialogues: 2, turns: 3, fields: 4, unsure: 1, verifiedTurns: 1 });

    const values = new Map((await layerValues(owner, report.layer.id)).map((row) => [row.turnId, row]));
    const [d2, d0] = chosen;
    expect(values.get(`${d2}#1`)?.values.teacher_intent).toEqual({ raw: 'check_understanding', codes: ['check_understanding'], unknown: [], status: 'ok' });
    expect(values.get(`${d2}#1`)?.values.teaching_strategy.codes).toEqual(['provide_hints', 'use_analogies']);
    expect(values.get(`${d2}#1`)?.work).toEqual({
      fields: {
        teacher_intent: { decision: 'changed', reviewer: '王老师', at: '2026-12-02T11:00:00.000Z' },
        teaching_strategy: { decision: 'unsure', reviewer: '王老师', at: '2026-12-02T11:00:00.000Z' },
      },
      verified: { verified: true, reviewer: '王老师', at: '2026-12-02T11:05:00.000Z' },
    });
    expect(values.get(`${d2}#0`)?.values.utterance).toEqual({ raw: '为什么仙人掌有刺？', codes: [], unknown: [], status: 'ok' });
    expect(values.get(`${d0}#2`)?.values.student_cognition_state.codes).toEqual(['incorrect_answer']);
    expect(values.get(`${d0}#2`)?.work?.fields.student_cognition_state).toEqual({ decision: 'changed', reviewer: '王老师', at: '2026-12-02T11:10:00.000Z' });
    expect(values.size).toBe(3);

    // every value brought in is one audit entry of the data set: imported, on the new layer, by the annotator
    const audit = (await owner.editLog.where('datasetId').equals(datasetId).toArray()).filter((entry) => entry.target.kind === 'layer-field');
    const nonEmpty = [...values.values()].flatMap((row) => Object.entries(row.values).filter(([, value]) => value.codes.length > 0 || value.raw.trim() !== '').map(([fieldId]) => `${row.turnId}|${fieldId}`));
    expect(audit.map((entry) => (entry.target.kind === 'layer-field' ? `${entry.target.turnId}|${entry.target.fieldId}` : entry.target.kind)).sort()).toEqual(nonEmpty.sort());
    expect(audit.every((entry) => entry.reason === 'imported' && entry.target.kind === 'layer-field' && entry.target.layerId === report.layer.id && entry.annotatorId === report.annotator.id && entry.reviewer === '王老师' && entry.note === 'from-wang.json')).toBe(true);
    expect(audit.find((entry) => entry.target.kind === 'layer-field' && entry.target.turnId === `${d2}#1` && entry.target.fieldId === 'teacher_intent')).toMatchObject({ dialogueId: d2, before: null, after: { codes: ['check_understanding'], text: null } });

    // the turn the annotator verified is logged too: imported, on the new layer, with the annotator's name
    const turnEntries = (await owner.editLog.where('datasetId').equals(datasetId).toArray()).filter((entry) => entry.target.kind === 'turn');
    expect(turnEntries).toHaveLength(1);
    expect(turnEntries[0]).toMatchObject({
      dialogueId: d2, target: { kind: 'turn', turnId: `${d2}#1`, layerId: report.layer.id }, reason: 'imported',
      before: null, after: { verified: true }, reviewer: '王老师', annotatorId: report.annotator.id, note: 'from-wang.json',
    });

    const sent = await owner.assignments.get(work.assignmentId);
    expect(sent).toMatchObject({ direction: 'sent', importedLayerId: report.layer.id, importedWorkId: work.id });

    // the same package again: refused, nothing doubled
    await expect(importWorkPackage(owner, { datasetId, codebook: DEFAULT_CODEBOOK, text: workText, file: 'from-wang.json' })).rejects.toThrow(WorkAlreadyImportedError);
    // a later export of the same assignment: refused unless replacing, then it takes the place of the first
    const later = serializePackage(await buildWorkPackage(annotator, localId, new Date('2026-12-02T13:00:00.000Z')));
    await expect(importWorkPackage(owner, { datasetId, codebook: DEFAULT_CODEBOOK, text: later, file: 'from-wang-2.json' })).rejects.toThrow(/choose "Replace"/);
    const replaced = await importWorkPackage(owner, { datasetId, codebook: DEFAULT_CODEBOOK, text: later, file: 'from-wang-2.json', replace: true });
    expect(replaced.replaced).toBe(true);
    expect((await listLayers(owner, datasetId)).map((layer) => layer.name)).toEqual(['王老师']);
    expect(await owner.layerValues.count()).toBe(3);
    // the replacing import logs the flag again, with what it replaced
    const replacedTurns = (await owner.editLog.where('datasetId').equals(datasetId).toArray()).filter((entry) => entry.target.kind === 'turn');
    expect(replacedTurns).toHaveLength(2);
    expect(replacedTurns[1]).toMatchObject({ target: { kind: 'turn', turnId: `${d2}#1`, layerId: replaced.layer.id }, reason: 'imported', before: { verified: true }, after: { verified: true }, note: 'from-wang-2.json' });
  });

  it('blind: every turn verified with v after picking its labels, the progress counts it, and the labels come back as the annotator\'s own', async () => {
    const { localId } = await sendAndOpen(null);
    const local = await listDialoguesOf(annotator, localId);
    expect(await assignmentProgress(annotator, localId)).toEqual(expect.objectContaining({ done: 0, total: 3, verifiedTurns: 0, turns: 9 }));
    let at = Date.parse('2026-12-02T11:00:00.000Z');
    for (const item of local) {
      const turns = await listTurns(annotator, item.id);
      for (const stored of turns) {
        const ctx = { dialogueId: item.id, reviewer: '王老师', at: new Date((at += 1000)).toISOString() };
        const model = buildTurnModel(DEFAULT_CODEBOOK, stored, new Map(), false);
        // the annotator picks the first label of every label field but the speaker (the transcript's own speaker stands)
        const edits = model.fields
          .filter((row) => row.applicable && row.field.type !== 'text' && row.field.id !== 'speaker')
          .map((row) => ({ turnId: stored.id, fieldId: row.field.id, resolve: (current: FieldState | null) => {
            const result = resolveIntent(row.context, current, { kind: 'pick', code: row.field.labels[0]!.code });
            if (!result.ok) throw new Error(result.reason);
            return result.next;
          } }));
        await applyFieldEdits(annotator, ctx, edits);
        const reviews = new Map((await annotator.fieldReviews.where('turnId').equals(stored.id).toArray()).map((row) => [row.fieldId, row]));
        const verified = await verifyTurns(annotator, ctx, [turnToVerify(buildTurnModel(DEFAULT_CODEBOOK, stored, reviews, false))]);
        expect(verified.ok, `turn ${stored.id}`).toBe(true);
      }
    }
    // every turn the assignment asked for is verified: every dialogue is done, whatever its status says
    expect((await annotator.dialogueReviews.toArray()).map((row) => row.status)).toEqual(['in-progress', 'in-progress', 'in-progress']);
    expect(await assignmentProgress(annotator, localId)).toEqual(expect.objectContaining({ done: 3, total: 3, verifiedTurns: 9, turns: 9 }));
    const decisions = new Set((await annotator.fieldReviews.toArray()).map((row) => `${row.fieldId}:${row.decision}`));
    expect([...decisions].filter((entry) => entry.endsWith(':changed'))).toEqual([]);
    expect(decisions).toContain('teacher_intent:labelled');
    expect(decisions).toContain('speaker:accepted');
    expect(decisions).toContain('utterance:accepted');

    const work = await buildWorkPackage(annotator, localId, new Date('2026-12-02T12:00:00.000Z'));
    const report = await importWorkPackage(owner, { datasetId, codebook: DEFAULT_CODEBOOK, text: serializePackage(work), file: 'from-wang.json', now: NOW });
    expect(report.counts).toMatchObject({ dialogues: 3, turns: 9, verifiedTurns: 9 });
    const values = await layerValues(owner, report.layer.id);
    const teacherTurn = values.find((row) => row.turnId === `${ownerDialogueIds[0]}#1`)!;
    expect(teacherTurn.values.teacher_intent.codes).toEqual([DEFAULT_CODEBOOK.fields.find((field) => field.id === 'teacher_intent')!.labels[0]!.code]);
    expect(teacherTurn.work?.fields.teacher_intent.decision).toBe('labelled');
    expect(teacherTurn.values.speaker.codes).toEqual(['teacher']);
    expect(teacherTurn.work?.fields.speaker.decision).toBe('accepted');
    expect(teacherTurn.work?.verified).toMatchObject({ verified: true, reviewer: '王老师' });
  });

  it('refuses work for an unknown assignment or another codebook, writing nothing', async () => {
    const { localId } = await sendAndOpen(null);
    await applyFieldEdits(annotator, { dialogueId: (await listDialoguesOf(annotator, localId))[0].id, reviewer: '王老师', at: NOW.toISOString() }, [
      { turnId: `${(await listDialoguesOf(annotator, localId))[0].id}#1`, fieldId: 'teacher_intent', resolve: () => ({ decision: 'changed', codes: ['check_understanding'], text: null }) },
    ]);
    const work = await buildWorkPackage(annotator, localId, NOW);
    await expect(importWorkPackage(owner, { datasetId, codebook: DEFAULT_CODEBOOK, text: serializePackage({ ...work, assignmentId: 'nope' }), file: 'w.json' })).rejects.toThrow('w.json: $.assignmentId: no assignment "nope"');
    await expect(importWorkPackage(owner, { datasetId, codebook: DEFAULT_CODEBOOK, text: serializePackage({ ...work, codebookHash: '1234' }), file: 'w.json' })).rejects.toThrow('w.json: $.codebookHash: the work was done against another version of the codebook (1234)');
    // what the import would refuse or flag in a file is refused in work too (issue 30 point 7)
    const edited = (edit: (fields: Record<string, { codes: string[]; reviewer: string }>) => void) => {
      const copy = structuredClone(work);
      edit(copy.dialogues[0]!.turns[0]!.fields as Record<string, { codes: string[]; reviewer: string }>);
      return serializePackage(copy);
    };
    await expect(importWorkPackage(owner, { datasetId, codebook: DEFAULT_CODEBOOK, text: edited((fields) => (fields.teacher_intent!.reviewer = '李老师')), file: 'w.json' })).rejects.toThrow('.fields.teacher_intent.reviewer: dialogue');
    await expect(importWorkPackage(owner, { datasetId, codebook: DEFAULT_CODEBOOK, text: edited((fields) => (fields.teacher_intent!.codes = ['check_understanding', 'guide_reasoning', 'trigger_transfer'])), file: 'w.json' })).rejects.toThrow('holds 3 labels');
    await expect(importWorkPackage(owner, { datasetId, codebook: DEFAULT_CODEBOOK, text: edited((fields) => (fields.student_cognition_state = { ...fields.teacher_intent!, codes: ['incorrect_answer'] })), file: 'w.json' })).rejects.toThrow('student_cognition_state: applies only to student turns, and turn 2 is a teacher turn');
    expect(await owner.layers.count()).toBe(0);
    expect(await owner.layerValues.count()).toBe(0);
  });

  it('opens one package once per profile', async () => {
    const { text } = await sendAndOpen(null);
    await expect(openAssignment(annotator, { pkg: parseAssignmentPackage(text, 'a.json'), file: 'a.json', datasetName: 'Again', rules: DEFAULT_CONSISTENCY_RULES })).rejects.toThrow(AssignmentAlreadyOpenError);
    expect(await annotator.datasets.count()).toBe(1);
  });
  it('an edited codebook travels with its package: the annotator profile stores that version, labels with it, and the work comes back', async () => {
    const { hash, codebook } = await useEditedVersion(owner, datasetId);
    const pkg = await buildAssignment(owner, { datasetId, codebook, annotatorName: '王老师', dialogueIds: null, blind: true, now: NOW });
    expect(pkg.codebookHash).toBe(hash);
    const text = serializePackage(pkg);
    await recordSentAssignment(owner, pkg);
    // the annotator's profile has only the bundled codebook
    registerCodebookVersions([]);
    const received = parseAssignmentPackage(text, 'for-wang.json');
    const rules = rulesForCarriedCodebook(received.codebook);
    expect(rules.rules.map((rule) => rule.id)).toEqual(DEFAULT_CONSISTENCY_RULES.rules.map((rule) => rule.id));
    const { datasetId: localId } = await openAssignment(annotator, { pkg: received, file: 'for-wang.json', datasetName: 'Assignment', rules, now: NOW });
    const stored = await annotator.datasets.get(localId);
    expect(stored).toMatchObject({ codebookId: DEFAULT_CODEBOOK.id, codebookHash: hash });
    expect(hash).not.toBe(codebookVersionHash(DEFAULT_CODEBOOK));
    const versions = await listCodebookVersions(annotator);
    expect(versions.map((row) => row.hash)).toEqual([hash]);
    registerCodebookVersions(versions);
    expect(codebookForDataset(stored!).codebook.fields.find((field) => field.id === 'teacher_intent')!.labels.map((label) => label.code)).toContain(ADDED_CODE);

    const [first] = (await annotator.assignments.get(pkg.id))!.localDialogueIds!;
    await applyFieldEdits(annotator, { dialogueId: first!, reviewer: '王老师', at: '2026-12-02T11:00:00.000Z' }, [
      { turnId: `${first}#1`, fieldId: 'teacher_intent', resolve: () => ({ decision: 'changed', codes: [ADDED_CODE], text: null }) },
    ]);
    const work = serializePackage(await buildWorkPackage(annotator, localId, new Date('2026-12-02T12:00:00.000Z')));
    const report = await importWorkPackage(owner, { datasetId, codebook, text: work, file: 'from-wang.json', now: NOW });
    const values = await layerValues(owner, report.layer.id);
    expect(values.find((row) => row.values.teacher_intent?.codes.includes(ADDED_CODE))?.values.teacher_intent.status).toBe('ok');
  });

  it('rules that name a code the carried codebook lacks are not given to it', () => {
    registerCodebookVersions([]);
    const stripped = { ...DEFAULT_CODEBOOK, id: 'other-codebook', fields: DEFAULT_CODEBOOK.fields.filter((field) => field.id !== 'discipline_transfer') };
    expect(rulesForCarriedCodebook(stripped)).toEqual({ codebookId: 'other-codebook', rules: [] });
    expect(rulesForCarriedCodebook(editedCodebook()).rules.length).toBe(DEFAULT_CONSISTENCY_RULES.rules.length);
  });
});
