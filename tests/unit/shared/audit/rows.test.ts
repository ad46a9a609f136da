import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { auditCsv, auditRow, filterAuditRows, type RowContext } from '../../../../shared/audit/rows';
import { auditEntry } from '../../../../shared/audit/entries';

const actor = (at: string, reviewer = 'Dr. Li') => ({ datasetId: 'ds1', reviewer, at });
const context = (lang: 'en' | 'zh'): RowContext => ({ codebook: DEFAULT_CODEBOOK, lang, dialogueNameOf: (id) => (id === 'src:1' ? 'T1-S2-R1' : undefined), layerNameOf: (id) => (id === 'L1' ? 'Wang' : undefined) });

const entries = [
  { ...auditEntry(actor('2026-12-01T09:00:00.000Z'), 'src:1', { kind: 'field', turnId: 'src:1#3', fieldId: 'teacher_intent' }, 'corrected', { decision: 'accepted', codes: ['guide_reasoning'], text: null }, { decision: 'changed', codes: ['check_understanding'], text: null }), seq: 1 },
  { ...auditEntry({ ...actor('2026-12-02T09:00:00.000Z', 'Wang'), note: 'a "quoted", note' }, 'src:1', { kind: 'layer-field', layerId: 'L1', turnId: 'src:1#4', fieldId: 'teacher_intent' }, 'imported', null, { codes: ['guide_reasoning'], text: null }), seq: 2 },
  { ...auditEntry(actor('2026-12-03T09:00:00.000Z'), 'src:1', { kind: 'dialogue' }, 'status', { status: 'unreviewed' }, { status: 'verified' }), seq: 3 },
];

describe('audit rows', () => {
  it('names the place and shows values by label name in the UI language', () => {
    const [field, layer, dialogue] = entries.map((entry) => auditRow(entry, context('en')));
    const guide = DEFAULT_CODEBOOK.fields.find((f) => f.id === 'teacher_intent')!.labels.find((l) => l.code === 'guide_reasoning')!;
    expect(field).toMatchObject({ dialogue: 'T1-S2-R1', turnIndex: 3, fieldId: 'teacher_intent', layer: '', reason: 'corrected', who: 'Dr. Li' });
    expect(field.before).toBe(`${guide.name.en} (accepted)`);
    expect(auditRow(entries[0], context('zh')).before).toBe(`${guide.name.zh} (接受)`);
    expect(layer).toMatchObject({ layer: 'Wang', turnIndex: 4, before: '—', after: guide.name.en });
    expect(dialogue).toMatchObject({ turnIndex: null, fieldId: null, before: 'unreviewed', after: 'verified' });
  });

  it("names the layer of a work package's verified turn", () => {
    const entry = { ...auditEntry(actor('2026-12-04T09:00:00.000Z', 'Wang'), 'src:1', { kind: 'turn', turnId: 'src:1#4', layerId: 'L1' }, 'imported', null, { verified: true }), seq: 4 };
    expect(auditRow(entry, context('en'))).toMatchObject({ layer: 'Wang', turnIndex: 4, fieldId: null, reason: 'imported', before: '—', after: 'verified' });
    expect(auditRow(entry, context('zh')).after).toBe('已确认');
  });

  it("names an expert's rubric score by rubric and rubric set, with score and rationale as the values, in the CSV too", () => {
    const entry = { ...auditEntry(actor('2026-12-05T09:00:00.000Z', '王老师'), 'src:1', { kind: 'rubric-score', rubricSetId: 'sid', rubricSetHash: '7c82d1367fd23db6', rubric: 'X-SRG' }, 'scored', { score: 3, rationale: '' }, { score: 4, rationale: '追问到位' }), seq: 5 };
    const row = auditRow(entry, context('zh'));
    expect(row).toMatchObject({ dialogue: 'T1-S2-R1', turnIndex: null, fieldId: null, rubric: 'X-SRG', layer: 'sid', reason: 'scored', before: '3', after: '4 · 追问到位' });
    const csv = Papa.parse<string[]>(auditCsv([row], 'Pilot', { codebook: DEFAULT_CODEBOOK, lang: 'zh' })).data;
    expect(csv[1]).toEqual(['2026-12-05T09:00:00.000Z', 'Pilot', 'T1-S2-R1', '', '量规 X-SRG', 'sid', '量规评分', '王老师', '3', '4 · 追问到位', '']);
  });

  it('filters by annotator, field, reason and time range', () => {
    const rows = entries.map((entry) => auditRow(entry, context('en')));
    expect(filterAuditRows(rows, { who: 'Wang' }).map((row) => row.seq)).toEqual([2]);
    expect(filterAuditRows(rows, { fieldId: 'teacher_intent' }).map((row) => row.seq)).toEqual([1, 2]);
    expect(filterAuditRows(rows, { reason: 'status' }).map((row) => row.seq)).toEqual([3]);
    expect(filterAuditRows(rows, { from: '2026-12-01T12:00:00.000Z', to: '2026-12-02T12:00:00.000Z' }).map((row) => row.seq)).toEqual([2]);
  });

  it('writes the CSV columns in order, quoting what needs it', () => {
    const rows = entries.map((entry) => auditRow(entry, context('en')));
    const csv = auditCsv(rows.slice(0, 2), 'Pilot', { codebook: DEFAULT_CODEBOOK, lang: 'en' });
    const parsed = Papa.parse<string[]>(csv).data;
    expect(parsed[0]).toEqual(['time', 'dataset', 'dialogue', 'turn', 'field', 'layer', 'reason', 'annotator', 'before', 'after', 'note']);
    expect(parsed[2]).toEqual(['2026-12-02T09:00:00.000Z', 'Pilot', 'T1-S2-R1', '5', DEFAULT_CODEBOOK.fields.find((f) => f.id === 'teacher_intent')!.name.en, 'Wang', 'imported', 'Wang', '—', rows[1].after, 'a "quoted", note']);
    expect(parsed).toHaveLength(3);
  });
});
