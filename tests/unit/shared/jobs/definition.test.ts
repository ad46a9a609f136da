import { describe, expect, it } from 'vitest';
import { checkJobDefinition, createJobSnapshot, jobItemKey, jobWorkItemCount, jobWorkItems, MAX_SAMPLES_PER_ITEM } from '../../../../shared/jobs';
import { seededRandom } from '../../../../shared/metrics/random';
import { definition } from './support';

describe('jobWorkItems', () => {
  it('goes item by item, then connection, then sample', () => {
    const items = jobWorkItems(definition({ itemIds: ['d1', 'd2'], connectionIds: ['a', 'b'], samples: 2 }));
    expect(items.map((item) => `${item.itemId}/${item.connectionId}/${item.sample}`)).toEqual(['d1/a/0', 'd1/a/1', 'd1/b/0', 'd1/b/1', 'd2/a/0', 'd2/a/1', 'd2/b/0', 'd2/b/1']);
    expect(jobWorkItemCount(definition({ itemIds: ['d1', 'd2'], connectionIds: ['a', 'b'], samples: 2 }))).toBe(8);
    expect(jobWorkItems(definition()).map((item) => item.sample)).toEqual([0, 0, 0]);
  });
});

describe('jobItemKey', () => {
  it('is the same for the same item and differs for any other', () => {
    expect(jobItemKey({ itemId: 'd1', connectionId: 'qwen', sample: 0 })).toBe(jobItemKey({ sample: 0, connectionId: 'qwen', itemId: 'd1' }));
    expect(jobItemKey({ itemId: 'd1', connectionId: 'qwen', sample: 0 })).toBe('["qwen","d1",0]');
  });

  it('never gives two items one key, whatever their ids hold', () => {
    const random = seededRandom(7);
    const alphabet = ['a', '|', '"', '\\', ',', '\u0000', '[', ']', ':', '0'];
    const seen = new Map<string, string>();
    for (let index = 0; index < 3_000; index++) {
      const id = () => Array.from({ length: Math.floor(random() * 4) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      const item = { itemId: id(), connectionId: id(), sample: Math.floor(random() * 3) };
      const identity = `${item.itemId.length}:${item.itemId}${item.connectionId.length}:${item.connectionId}${item.sample}`;
      const key = jobItemKey(item);
      const previous = seen.get(key);
      if (previous !== undefined) expect(previous).toBe(identity);
      seen.set(key, identity);
    }
    expect(jobItemKey({ itemId: 'b', connectionId: 'a|', sample: 0 })).not.toBe(jobItemKey({ itemId: '|b', connectionId: 'a', sample: 0 }));
  });
});

describe('checkJobDefinition', () => {
  it('accepts a sound definition', () => {
    expect(checkJobDefinition(definition({ samples: 3, budget: { maxTokens: 1_000_000, maxCost: 5 } }))).toEqual([]);
  });

  it('says what is wrong, every problem at once', () => {
    const problems = checkJobDefinition(
      definition({ title: '  ', connectionIds: ['a', 'a'], itemIds: ['d1', '', 'd1'], samples: 0, budget: { maxTokens: -1, maxCost: Number.NaN } }),
    );
    expect(problems).toEqual([
      'title must not be empty',
      'connectionIds names 1 id(s) more than once (first: "a")',
      'itemIds holds an empty id',
      'itemIds names 1 id(s) more than once (first: "d1")',
      `samples must be a whole number from 1 to ${MAX_SAMPLES_PER_ITEM} (got 0)`,
      'budget.maxTokens must be a positive number when given (got -1)',
      'budget.maxCost must be a positive number when given (got NaN)',
    ]);
    expect(checkJobDefinition(definition({ connectionIds: [], itemIds: [] }))).toEqual(['the job names no connection', 'the job has no items']);
    expect(checkJobDefinition(definition({ kind: 'summarise' as never }))).toEqual(['kind must be one of pre-annotation, judge, judge-pairwise, generation, rubric-synthesis']);
    expect(checkJobDefinition(definition({ samples: 1.5 }))).toHaveLength(1);
    expect(checkJobDefinition(definition({ samples: MAX_SAMPLES_PER_ITEM + 1 }))).toHaveLength(1);
  });
});

describe('createJobSnapshot', () => {
  it('queues the job with its total and no times yet', () => {
    const snapshot = createJobSnapshot({ id: 'job-9', definition: definition({ connectionIds: ['a', 'b'] }), createdAt: 42, priced: false });
    expect(snapshot).toEqual({
      id: 'job-9',
      kind: 'pre-annotation',
      title: 'Pre-annotate 3 dialogues',
      status: 'queued',
      progress: { done: 0, total: 6, failed: 0, cached: 0, tokens: { input: 0, output: 0 }, cost: null, rate: null, eta: null },
      createdAt: 42,
      startedAt: null,
      finishedAt: null,
      error: null,
      failedItems: [],
    });
  });
});
