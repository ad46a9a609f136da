import { describe, expect, it } from 'vitest';
import { auditEntry, fieldReason, importedEntries, layerValueOf, restoredEntries } from '../../../../shared/audit/entries';

const ACTOR = { datasetId: 'ds1', reviewer: 'Dr. Li', annotatorId: 'a1', at: '2026-12-02T10:00:00.000Z' };

describe('audit entry builder', () => {
  it('carries the data set, reason, who, when; a note only when one was given', () => {
    expect(auditEntry(ACTOR, 'd1', { kind: 'turn', turnId: 'd1#0' }, 'verified', { verified: false }, { verified: true })).toEqual({
      dialogueId: 'd1', datasetId: 'ds1', target: { kind: 'turn', turnId: 'd1#0' }, before: { verified: false }, after: { verified: true },
      reviewer: 'Dr. Li', annotatorId: 'a1', reason: 'verified', at: ACTOR.at,
    });
    expect(auditEntry({ ...ACTOR, note: 'why' }, 'd1', { kind: 'dialogue' }, 'status', null, null).note).toBe('why');
    expect('note' in auditEntry({ ...ACTOR, note: '' }, 'd1', { kind: 'dialogue' }, 'status', null, null)).toBe(false);
  });

  it('refuses an entry without a data set or with a bad time', () => {
    expect(() => auditEntry({ ...ACTOR, datasetId: '' }, 'd1', { kind: 'dialogue' }, 'status', null, null)).toThrow(/data set/);
    expect(() => auditEntry({ ...ACTOR, at: 'noon' }, 'd1', { kind: 'dialogue' }, 'status', null, null)).toThrow(/invalid time/);
  });

  it('names a field change by the value it left', () => {
    expect(fieldReason(null)).toBe('cleared');
    expect(fieldReason({ decision: 'accepted' })).toBe('accepted');
    expect(fieldReason({ decision: 'unsure' })).toBe('unsure');
    expect(fieldReason({ decision: 'changed' })).toBe('corrected');
  });

  it('logs each non-empty imported value once, label codes or free text, with what it replaced', () => {
    const rows = [{ dialogueId: 'd1', turnId: 'd1#0', values: {
      intent: { raw: '提问', codes: ['ask'], unknown: [], status: 'ok' as const },
      note: { raw: 'free words', codes: [], unknown: [], status: 'ok' as const },
      empty: { raw: '  ', codes: [], unknown: [], status: 'empty' as const },
    } }];
    const entries = importedEntries({ ...ACTOR, note: 'f.json' }, 'L1', rows, (_turnId, fieldId) => (fieldId === 'intent' ? { codes: ['old'], text: null } : null));
    expect(entries.map((entry) => [entry.target, entry.reason, entry.before, entry.after, entry.note])).toEqual([
      [{ kind: 'layer-field', layerId: 'L1', turnId: 'd1#0', fieldId: 'intent' }, 'imported', { codes: ['old'], text: null }, { codes: ['ask'], text: null }, 'f.json'],
      [{ kind: 'layer-field', layerId: 'L1', turnId: 'd1#0', fieldId: 'note' }, 'imported', null, { codes: [], text: 'free words' }, 'f.json'],
    ]);
    expect(layerValueOf(undefined)).toBeNull();
  });

  it('writes one restored entry per data set, about the whole data set', () => {
    const entries = restoredEntries({ reviewer: 'Dr. Li', at: ACTOR.at, note: 'backup.maieutic' }, ['ds1', 'ds2'], null, { dialogues: 3 });
    expect(entries.map((entry) => [entry.datasetId, entry.dialogueId, entry.target.kind, entry.reason, entry.note])).toEqual([
      ['ds1', '', 'dataset', 'restored', 'backup.maieutic'],
      ['ds2', '', 'dataset', 'restored', 'backup.maieutic'],
    ]);
  });
});
