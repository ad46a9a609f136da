import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { importRunAsDataset } from '../../../../renderer/src/db/repositories/generation-dataset';
import { generatedConversationId, getGenerationRun, registerGenerationRun } from '../../../../renderer/src/db/repositories/generation-runs';
import { createDatasetFromRun } from '../../../../renderer/src/stores/generation/create-dataset';
import { ACTIVE_CODEBOOK } from '../../../../renderer/src/codebook';
import type { GenerationJobPayload } from '../../../../shared/scenario/generation-job';
import { freshDb } from '../fixtures';
import { complete, failed, SCENARIO_REF, TEACHERS } from './support';

async function runWith(db: MaieuticDb, payloads: GenerationJobPayload[]) {
  await registerGenerationRun(db, { jobId: 'gen1', title: 'Pilot', scenario: SCENARIO_REF, teachers: TEACHERS, roleConnections: { student: 'c-student' }, conversations: payloads.length });
  await db.generatedConversations.bulkPut(payloads.map((payload) => ({ id: generatedConversationId('gen1', { itemId: payload.conversationId, connectionId: payload.connectionId, sample: 0 }), runId: 'gen1', payload })));
}

async function counts(db: MaieuticDb) {
  return { datasets: await db.datasets.count(), sources: await db.sources.count(), dialogues: await db.dialogues.count(), turnBlocks: await db.turnBlocks.count() };
}

describe('Create data set from a generation run', () => {
  let db: MaieuticDb | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    db?.close();
    await db?.delete();
    db = undefined;
  });

  it('imports the kept dialogues of every teacher into ONE new data set and points the run at it', async () => {
    const opened = (db = freshDb());
    await runWith(opened, [complete(0, 1), complete(0, 1, TEACHERS[1]), complete(1, 1), complete(1, 2, TEACHERS[1], { kept: false }), failed(1, 1, TEACHERS[1])]);
    const result = await createDatasetFromRun(opened, 'gen1', 'Generated pilot');
    expect(result.dialogues).toBe(3);
    const datasets = await opened.datasets.toArray();
    expect(datasets.map((dataset) => dataset.name)).toEqual(['Generated pilot']);
    const dialogues = await opened.dialogues.where('datasetId').equals(result.datasetId).toArray();
    expect(dialogues.map((dialogue) => dialogue.teacherModel).sort()).toEqual(['GPT-4o', 'GPT-4o', 'Qwen2.5-72B']);
    expect(dialogues.every((dialogue) => dialogue.turnCount === 4)).toBe(true);
    expect((await getGenerationRun(opened, 'gen1'))?.datasetId).toBe(result.datasetId);
  });

  it('leaves nothing behind when the run cannot be pointed at the new data set (a storage error after the import)', async () => {
    const opened = (db = freshDb());
    await runWith(opened, [complete(0, 1), complete(0, 1, TEACHERS[1])]);
    vi.spyOn(opened.generationRuns, 'update').mockRejectedValue(new Error('QuotaExceededError'));
    await expect(createDatasetFromRun(opened, 'gen1', 'Generated pilot')).rejects.toThrow('QuotaExceededError');
    expect(await counts(opened)).toEqual({ datasets: 0, sources: 0, dialogues: 0, turnBlocks: 0 });
    expect((await getGenerationRun(opened, 'gen1'))?.datasetId).toBeNull();
  });

  it('refuses a file that does not parse, storing none of the files', async () => {
    const opened = (db = freshDb());
    await runWith(opened, [complete(0, 1)]);
    const good = { teacherModel: 'GPT-4o', fileName: 'GPT-4o/a.jsonl', text: `${JSON.stringify({ topic_id: 1, topic_text: 't', student_id: 1, student_type: 's', scenario: 'x', repeat_id: 1, dialogue: [{ role: '学生', content: 'a' }, { role: '教师', content: 'b' }] })}\n` };
    const broken = { teacherModel: 'Qwen', fileName: 'Qwen/b.jsonl', text: '{"topic_id": 1, "dialogue": [\n' };
    await expect(importRunAsDataset(opened, { runId: 'gen1', name: 'x', codebook: ACTIVE_CODEBOOK, files: [good, broken] })).rejects.toThrow(/Qwen\/b\.jsonl/);
    expect(await counts(opened)).toEqual({ datasets: 0, sources: 0, dialogues: 0, turnBlocks: 0 });
  });

  it('refuses a run with no kept dialogue and a run already made into a data set', async () => {
    const opened = (db = freshDb());
    await runWith(opened, [complete(0, 1, TEACHERS[0], { kept: false }), failed(0, 2)]);
    await expect(createDatasetFromRun(opened, 'gen1', 'Nothing')).rejects.toThrow(/no kept dialogue/);
    await opened.generatedConversations.put({ id: 'gen1|extra', runId: 'gen1', payload: complete(1, 1) });
    await createDatasetFromRun(opened, 'gen1', 'Once');
    await expect(createDatasetFromRun(opened, 'gen1', 'Twice')).rejects.toThrow(/already made/);
    expect(await opened.datasets.count()).toBe(1);
  });
});
