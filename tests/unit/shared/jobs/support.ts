import type { JobDefinition, JobItemEvent, JobProgress, JobWorkItem } from '../../../../shared/jobs';

export function definition(overrides: Partial<JobDefinition> = {}): JobDefinition {
  return { kind: 'pre-annotation', title: 'Pre-annotate 3 dialogues', connectionIds: ['qwen'], itemIds: ['d1', 'd2', 'd3'], parameters: {}, ...overrides };
}

export function progress(done: number, total: number, overrides: Partial<JobProgress> = {}): JobProgress {
  return { done, total, failed: 0, cached: 0, tokens: { input: 0, output: 0 }, cost: 0, rate: null, eta: null, ...overrides };
}

export function workItem(itemId: string, connectionId = 'qwen', sample = 0): JobWorkItem {
  return { itemId, connectionId, sample };
}

export function itemSucceeded(jobId: string, itemId: string, at: number): JobItemEvent<{ labels: string }> {
  return { type: 'item', jobId, at, item: workItem(itemId), outcome: { ok: true, payload: { labels: itemId }, cached: false, tokens: { input: 10, output: 5 }, cost: 0.01 } };
}

export function itemFailed(jobId: string, itemId: string, at: number, reason: string): JobItemEvent {
  return { type: 'item', jobId, at, item: workItem(itemId), outcome: { ok: false, reason, tokens: { input: 10, output: 5 }, cost: 0.01 } };
}
