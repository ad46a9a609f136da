import { describe, expect, it } from 'vitest';
import type { SynthesisVersionRow } from '../../../../shared/model/synthesis';
import { defaultVersionChoice, validVersionChoice, versionsDiff } from '../../../../renderer/src/features/synthesis/panels/versions-diff';
import { metric } from './fixtures';

function version(seq: number, overrides: Partial<SynthesisVersionRow> = {}): SynthesisVersionRow {
  return { id: `s|${seq}`, sessionId: 's', seq, kind: 'revision', round: seq - 1, metrics: [metric('p-1'), metric('p-2')], locked: [], by: null, at: '2026-12-03T10:00:00Z', ...overrides };
}

describe('defaultVersionChoice', () => {
  it('pairs the one before the latest with the latest, by seq whatever the row order', () => {
    expect(defaultVersionChoice([version(3), version(1), version(2)])).toEqual({ beforeSeq: 2, afterSeq: 3 });
  });
  it('pairs a lone version with itself, and none with nothing', () => {
    expect(defaultVersionChoice([version(1)])).toEqual({ beforeSeq: 1, afterSeq: 1 });
    expect(defaultVersionChoice([])).toBeNull();
  });
  it('keeps a choice that still names stored versions, else falls back to the default', () => {
    const versions = [version(1), version(2), version(3)];
    expect(validVersionChoice(versions, { beforeSeq: 3, afterSeq: 1 })).toEqual({ beforeSeq: 3, afterSeq: 1 });
    expect(validVersionChoice(versions, { beforeSeq: 1, afterSeq: 7 })).toEqual({ beforeSeq: 2, afterSeq: 3 });
    expect(validVersionChoice(versions, null)).toEqual({ beforeSeq: 2, afterSeq: 3 });
  });
});

describe('versionsDiff', () => {
  it('groups the changed fields per metric, in the earlier version’s metric order, both languages kept', () => {
    const before = version(1);
    const after = version(2, {
      metrics: [
        metric('p-1', { negativeExample: { zh: '新反例', en: 'new negative' } }),
        metric('p-2', { description: { zh: '新描述', en: 'p-2 description' }, positiveExample: { zh: 'p-2 正例', en: 'new positive' } }),
      ],
    });
    const view = versionsDiff(before, after);
    expect(view.empty).toBe(false);
    expect(view.metrics.map((entry) => [entry.metric, entry.fields.map((field) => field.field)])).toEqual([
      ['p-1', ['negativeExample']],
      ['p-2', ['description', 'positiveExample']],
    ]);
    expect(view.metrics[1].fields[0]).toEqual({ field: 'description', before: { zh: 'p-2 描述', en: 'p-2 description' }, after: { zh: '新描述', en: 'p-2 description' } });
    expect(view.metrics[0].name).toEqual({ zh: 'p-1 名', en: 'p-1 name' });
  });

  it('lists locks added and removed, and metrics added and removed', () => {
    const view = versionsDiff(version(1, { locked: ['p-1'] }), version(2, { kind: 'lock', locked: ['p-2'], metrics: [metric('p-2'), metric('p-3')] }));
    expect(view).toMatchObject({ locksAdded: ['p-2'], locksRemoved: ['p-1'], added: ['p-3'], removed: ['p-1'], metrics: [], empty: false });
    // a lock removed alone is a change
    expect(versionsDiff(version(1, { locked: ['p-1'] }), version(2)).empty).toBe(false);
  });

  it('is empty when nothing differs, lock order aside', () => {
    expect(versionsDiff(version(1, { locked: ['p-1', 'p-2'] }), version(2, { locked: ['p-2', 'p-1'] }))).toMatchObject({ empty: true, metrics: [], locksAdded: [], locksRemoved: [] });
  });
});
