import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { MaieuticDb } from '../../../../renderer/src/db/db';
import { saveMetricRun } from '../../../../renderer/src/db/repositories/metric-runs';
import { computeMetrics } from '../../../../shared/metrics/metrics-report';
import { registerPreAnnotationJob } from '../../../../renderer/src/db/repositories/llm-jobs';
import type { Dataset } from '../../../../shared/model/dataset';

let counter = 0;
const AT = '2026-12-02T12:00:00.000Z';

async function dbWith(dataset: Dataset): Promise<MaieuticDb> {
  const db = new MaieuticDb(`recorded-hash-${++counter}`);
  await db.open();
  await db.datasets.add(dataset);
  return db;
}

const settings = { weights: { SD: 0.15, SV: 0.1, IKT: 0.15, BP: 0.15, SC: 0.15, L3_GR: 0.1, '3C': 0.2 }, threeC: 'vacuous-one' as const, bootstrap: { resamples: 10, seed: 1 } };
const run = {
  datasetId: 'ds1', createdAt: AT, appVersion: '0.1.0', layer: { kind: 'verified' as const }, layerName: 'Expert', scope: 'verified' as const,
  settings: { weights: { SD: 0.15, SV: 0.1, IKT: 0.15, BP: 0.15, SC: 0.15, L3_GR: 0.1, '3C': 0.2 }, threeC: 'vacuous-one' as const, bootstrap: { resamples: 10, seed: 1 } },
  groups: [], overall: computeMetrics([], settings).overall,
};

describe('runs, jobs and their layers record the codebook version of their data set', () => {
  it('copies the data set’s hash onto a metrics run, an LLM job and its layers', async () => {
    const db = await dbWith({ id: 'ds1', name: 'd', createdAt: AT, codebookId: 'sid-default', codebookHash: 'abc123' });
    const saved = await saveMetricRun(db, run, []);
    expect(saved.codebookHash).toBe('abc123');
    const job = await registerPreAnnotationJob(db, { jobId: 'job1', datasetId: 'ds1', title: 'Pre', layerName: 'Qwen pre-annotation', connections: [{ id: 'c1', name: 'Local', model: 'm' }] });
    expect(job.codebookHash).toBe('abc123');
    expect((await db.layers.toArray()).map((layer) => layer.codebookHash)).toEqual(['abc123']);
    db.close();
  });

  it('records nothing for a data set made before versioning', async () => {
    const db = await dbWith({ id: 'ds1', name: 'd', createdAt: AT, codebookId: 'sid-default' });
    const saved = await saveMetricRun(db, run, []);
    expect('codebookHash' in saved).toBe(false);
    db.close();
  });
});
