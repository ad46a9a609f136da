import { emptyProgress } from './progress';
import { JOB_KINDS, type JobKind, type JobSnapshot, type JobWorkItem } from './types';

/** Limits that stop a job cleanly once reached (the calls in flight still finish). */
export interface JobBudget {
  maxTokens?: number;
  /** in the connection's currency, from its price per million tokens */
  maxCost?: number;
}

/**
 * What `jobs.start` is given and what the journal records first. `parameters` is each kind's own
 * (template, sampling, windows for pre-annotation; the rubric for a judge). The API key is never
 * part of it: connections are named by id and their keys stay in main's secret store.
 */
export interface JobDefinition<K extends JobKind = JobKind, Parameters = unknown> {
  kind: K;
  title: string;
  connectionIds: readonly string[];
  /** the items in the order they are worked on (dialogue ids for pre-annotation) */
  itemIds: readonly string[];
  /** repeated draws per item and connection; 1 when absent */
  samples?: number;
  budget?: JobBudget;
  parameters: Parameters;
}

export const MAX_SAMPLES_PER_ITEM = 100;

/** Every work item, item by item, then connection, then sample. */
export function jobWorkItems(definition: JobDefinition): JobWorkItem[] {
  const samples = definition.samples ?? 1;
  const items: JobWorkItem[] = [];
  for (const itemId of definition.itemIds) {
    for (const connectionId of definition.connectionIds) {
      for (let sample = 0; sample < samples; sample++) items.push({ itemId, connectionId, sample });
    }
  }
  return items;
}

export function jobWorkItemCount(definition: JobDefinition): number {
  return definition.itemIds.length * definition.connectionIds.length * (definition.samples ?? 1);
}

/**
 * A key naming one work item within its job, the same on every run: JSON of the three parts, so
 * ids that hold any separator (`a|b`, quotes, NUL) cannot make two items share a key.
 */
export function jobItemKey(item: JobWorkItem): string {
  return JSON.stringify([item.connectionId, item.itemId, item.sample]);
}

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) repeated.add(value);
    seen.add(value);
  }
  return [...repeated];
}

function checkBudget(budget: JobBudget, problems: string[]): void {
  for (const key of ['maxTokens', 'maxCost'] as const) {
    const value = budget[key];
    if (value !== undefined && !(Number.isFinite(value) && value > 0)) problems.push(`budget.${key} must be a positive number when given (got ${String(value)})`);
  }
}

/** Problems with a definition before it is started, in words; empty when it can run. */
export function checkJobDefinition(definition: JobDefinition): string[] {
  const problems: string[] = [];
  if (!JOB_KINDS.includes(definition.kind)) problems.push(`kind must be one of ${JOB_KINDS.join(', ')}`);
  if (definition.title.trim().length === 0) problems.push('title must not be empty');
  if (definition.connectionIds.length === 0) problems.push('the job names no connection');
  if (definition.itemIds.length === 0) problems.push('the job has no items');
  for (const [name, ids] of [['connectionIds', definition.connectionIds], ['itemIds', definition.itemIds]] as const) {
    if (ids.some((id) => id.length === 0)) problems.push(`${name} holds an empty id`);
    const repeated = duplicates(ids);
    if (repeated.length > 0) problems.push(`${name} names ${repeated.length} id(s) more than once (first: ${JSON.stringify(repeated[0])})`);
  }
  const samples = definition.samples;
  if (samples !== undefined && !(Number.isInteger(samples) && samples >= 1 && samples <= MAX_SAMPLES_PER_ITEM)) {
    problems.push(`samples must be a whole number from 1 to ${MAX_SAMPLES_PER_ITEM} (got ${String(samples)})`);
  }
  if (definition.budget) checkBudget(definition.budget, problems);
  return problems;
}

/** A new job's snapshot, queued. `priced`: every connection of the job has a price, so cost is counted. */
export function createJobSnapshot(args: { id: string; definition: JobDefinition; createdAt: number; priced: boolean }): JobSnapshot {
  return {
    id: args.id,
    kind: args.definition.kind,
    title: args.definition.title,
    status: 'queued',
    progress: emptyProgress(jobWorkItemCount(args.definition), args.priced),
    createdAt: args.createdAt,
    startedAt: null,
    finishedAt: null,
    error: null,
    failedItems: [],
  };
}
