/**
 * The app's path from a generation job to a data set gives every conversation an id of its own
 * (issue 29 point 14): main's generation runner names each conversation's SID ids by the rows'
 * rule (sidIdPlan: rows sharing a topic and student number their repeats on), the renderer stores
 * the results as the jobs store does, and "Create data set" imports one dialogue per conversation,
 * every external id distinct, with no duplicate warning.
 */
import 'fake-indexeddb/auto';
import { parseDocument } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { registerGenerationRun, storeGenerationItem } from '../../../../renderer/src/db/repositories/generation-runs';
import { createDatasetFromRun } from '../../../../renderer/src/stores/generation/create-dataset';
import { buildGenerationDefinition, sidIdPlan, type GenerationJobPayload } from '../../../../shared/scenario';
import type { JobItemEvent } from '../../../../shared/jobs';
import { scenarioPlayer } from '../../../support/llm-server';
import { freshDb } from '../../renderer/fixtures';
import { MODELS, templateSource, useGenerationServices } from './generation-harness';

describe('generation ids through the app', () => {
  const harness = useGenerationServices();
  const { state } = harness;
  let db: MaieuticDb | undefined;
  afterEach(async () => {
    db?.close();
    await db?.delete();
    db = undefined;
  });

  it('two task rows of one topic and student crossed with two states, two repeats: eight dialogues, eight ids', async () => {
    await harness.saveConnections(4);
    state.server.setDefaultHandler(scenarioPlayer({ teacherTurns: 1 }));
    const doc = parseDocument(await templateSource('sid-teacher-led.yaml'));
    doc.setIn(['tasks', 'rows'], doc.createNode([{ topic_id: 1, topic: '甲', topic_text: '甲题' }, { topic_id: 1, topic: '乙', topic_text: '乙题' }]));
    (doc.getIn(['tasks', 'cross', 'learning_states']) as { items: unknown[] }).items.splice(2);
    const built = buildGenerationDefinition({ scenarioSource: doc.toString(), scenarioFile: 'shared-ids.yaml', teacherConnectionIds: ['teacher'], roleConnections: { student: 'student' }, title: 'shared ids' });
    if (!built.ok) throw new Error(built.problems.join('\n'));
    const { definition } = built;
    expect(definition.itemIds).toHaveLength(8);
    await state.handlers['jobs.start']({ definition });
    await harness.finished();

    const events = harness.items();
    const payloads = events.map((event) => event.outcome.payload as GenerationJobPayload);
    const plan = sidIdPlan(definition.parameters.rows, 2);
    for (const payload of payloads) expect(payload.sid, payload.conversationId).toEqual(plan.idsOf(payload.taskIndex, payload.repeatId));
    expect(new Set(payloads.map((payload) => JSON.stringify(payload.sid))).size).toBe(8);

    const opened = (db = freshDb());
    const jobId = events[0].jobId;
    await registerGenerationRun(opened, { jobId, title: 'shared ids', scenario: payloads[0].scenario, teachers: [{ connectionId: 'teacher', name: 'teacher', model: MODELS.teacher }], roleConnections: { student: 'student' }, conversations: 8 });
    for (const event of events) expect((await storeGenerationItem(opened, event as JobItemEvent<GenerationJobPayload>)).kind).toBe('stored');
    const result = await createDatasetFromRun(opened, jobId, 'Shared ids');
    expect(result.dialogues).toBe(8);
    const dialogues = await opened.dialogues.where('datasetId').equals(result.datasetId).toArray();
    expect(new Set(dialogues.map((dialogue) => dialogue.externalId)).size).toBe(8);
    expect(dialogues.map((dialogue) => dialogue.externalId).filter((id) => id.startsWith('1-1-')).sort()).toEqual(['1-1-1', '1-1-2', '1-1-3', '1-1-4']);
  }, 60_000);
});
