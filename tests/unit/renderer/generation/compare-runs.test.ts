/**
 * Learning curves across runs: a run has one student connection, so student models are compared
 * by drawing other runs beside the open one. The store reads the chosen runs' conversations, a
 * later choice wins, opening another run clears the choice, and the pooled payloads give one
 * curve per student model with the values each run's probes imply.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { generatedConversationId, registerGenerationRun } from '../../../../renderer/src/db/repositories/generation-runs';
import { learningCurves } from '../../../../renderer/src/stores/generation/outputs';
import { createGenerationRunsStore } from '../../../../renderer/src/stores/generation/runs-store';
import type { GenerationComplete } from '../../../../shared/scenario/generation-job';
import { freshDb } from '../fixtures';
import { complete, SCENARIO_REF, TEACHERS } from './support';

/** A conversation whose student (model `studentModel`) got c of 4 draws right before its first and second turn. */
function probed(taskIndex: number, studentModel: string, correct: [number, number]): GenerationComplete {
  const base = complete(taskIndex, 1);
  return {
    ...base,
    roles: { ...base.roles, student: { connectionId: `c-${studentModel}`, model: studentModel, sampling: {} } },
    assessments: correct.map((c, index) => ({ beforeTurn: index * 2 + 1, roleTurnNumber: index + 1, n: 4, c, passAtK: {}, draws: [] })),
  };
}

async function seedRun(db: MaieuticDb, runId: string, payloads: GenerationComplete[]) {
  await registerGenerationRun(db, { jobId: runId, title: runId, scenario: SCENARIO_REF, teachers: [TEACHERS[0]], roleConnections: { student: 'c-student' }, conversations: payloads.length });
  await db.generatedConversations.bulkPut(payloads.map((payload) => ({ id: generatedConversationId(runId, { itemId: payload.conversationId, connectionId: payload.connectionId, sample: 0 }), runId, payload })));
}

describe('learning curves compared across runs', () => {
  let db: MaieuticDb | undefined;
  afterEach(async () => {
    db?.close();
    await db?.delete();
    db = undefined;
  });

  it('draws another run’s student model beside the open run’s, and forgets the choice when another run opens', async () => {
    db = freshDb();
    await seedRun(db, 'run-small', [probed(0, 'small-1b', [0, 2]), probed(1, 'small-1b', [2, 4])]);
    await seedRun(db, 'run-large', [probed(0, 'large-70b', [4, 4]), probed(1, 'large-70b', [2, 4])]);
    const database = db;
    const store = createGenerationRunsStore(() => database);
    await store.getState().load();
    await store.getState().openRun('run-small');
    expect(store.getState().comparedPayloads).toEqual([]);
    await store.getState().compareWith(['run-large', 'run-small']);
    // the open run is never its own comparison
    expect(store.getState().comparedRunIds).toEqual(['run-large']);
    expect(store.getState().comparedPayloads.map((payload) => payload.roles.student?.model)).toEqual(['large-70b', 'large-70b']);

    const curves = learningCurves([...store.getState().payloads, ...store.getState().comparedPayloads], { k: 1 });
    // Pass@1 = c / n: small 0/4 and 2/4 at turn 1 (mean 0.25), 2/4 and 4/4 at turn 2 (0.75); large 4/4 and 2/4 (0.75), then 1
    expect(curves.map((curve) => [curve.studentModel, curve.strategy, curve.points.map((point) => [point.roleTurn, point.tasks, point.mean])])).toEqual([
      ['large-70b', SCENARIO_REF.id, [[1, 2, 0.75], [2, 2, 1]]],
      ['small-1b', SCENARIO_REF.id, [[1, 2, 0.25], [2, 2, 0.75]]],
    ]);

    await store.getState().openRun('run-large');
    expect(store.getState().comparedRunIds).toEqual([]);
    expect(store.getState().comparedPayloads).toEqual([]);
  });
});
