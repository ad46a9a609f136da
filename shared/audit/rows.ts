/**
 * The audit view's and history panel's rows: entries with their place (dialogue, turn, field,
 * layer) and values in words, the filters, and the CSV. Plain text only: the view renders it
 * as text, never as HTML.
 */
import Papa from 'papaparse';
import type { Codebook, LabelLanguage } from '../codebook/types';
import { fieldById, labelByCode, labelName } from '../codebook/lookup';
import type { AuditReason, EditLogEntry } from '../model/edit-log';

export const REASON_WORDS: Record<AuditReason, { zh: string; en: string }> = {
  accepted: { zh: '接受', en: 'accepted' },
  corrected: { zh: '更正', en: 'corrected' },
  labelled: { zh: '自行标注', en: 'labelled' },
  unsure: { zh: '不确定', en: 'unsure' },
  cleared: { zh: '清除', en: 'cleared' },
  verified: { zh: '确认本轮', en: 'turn verified' },
  unverified: { zh: '取消确认', en: 'turn unverified' },
  status: { zh: '对话状态', en: 'status' },
  'teacher-model': { zh: '教师模型', en: 'teacher model' },
  adjudicated: { zh: '裁决', en: 'adjudicated' },
  imported: { zh: '导入', en: 'imported' },
  restored: { zh: '恢复', en: 'restored' },
  undone: { zh: '撤销', en: 'undone' },
  redone: { zh: '重做', en: 'redone' },
  codebook: { zh: '编码手册版本', en: 'codebook version' },
  scored: { zh: '量规评分', en: 'rubric scored' },
};

const STATUS_WORDS: Record<string, { zh: string; en: string }> = {
  unreviewed: { zh: '未审阅', en: 'unreviewed' },
  'in-progress': { zh: '审阅中', en: 'in progress' },
  verified: { zh: '已确认', en: 'verified' },
  unanimous: { zh: '一致', en: 'unanimous' },
  adjudicated: { zh: '已裁决', en: 'adjudicated' },
  unresolved: { zh: '未解决', en: 'unresolved' },
};

const DECISION_WORDS: Record<string, { zh: string; en: string }> = {
  accepted: { zh: '接受', en: 'accepted' },
  changed: { zh: '更正', en: 'corrected' },
  unsure: { zh: '不确定', en: 'unsure' },
  labelled: { zh: '自行标注', en: 'labelled' },
};

export interface AuditRow {
  seq: number;
  at: string;
  datasetId: string;
  dialogueId: string;
  /** the dialogue's external id (with its teacher model where another model holds the id), or its id when it is gone */
  dialogue: string;
  /** null: the entry is about the dialogue or data set */
  turnIndex: number | null;
  fieldId: string | null;
  /** the rubric id of an expert rubric score; null otherwise */
  rubric: string | null;
  /** the layer name of a layer-field entry, the rubric set's id of a rubric score; '' for the expert layer */
  layer: string;
  reason: AuditReason;
  who: string;
  annotatorId: string | null;
  before: string;
  after: string;
  note: string;
}

/** A value of an entry in words: codes as label names of the UI language, text as itself. */
export function valueText(value: unknown, field: ReturnType<typeof fieldById>, lang: LabelLanguage): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return STATUS_WORDS[value]?.[lang] ?? value;
  if (typeof value !== 'object') return String(value);
  const v = value as Record<string, unknown>;
  if (typeof v.score === 'number') return typeof v.rationale === 'string' && v.rationale.trim() !== '' ? `${v.score} · ${v.rationale}` : String(v.score);
  if ('verified' in v) return v.verified ? (lang === 'zh' ? '已确认' : 'verified') : (lang === 'zh' ? '未确认' : 'not verified');
  const parts: string[] = [];
  if (Array.isArray(v.codes) && v.codes.length > 0) {
    parts.push(v.codes.map((code) => {
      const label = field ? labelByCode(field, String(code)) : undefined;
      return label ? labelName(label, lang) : String(code);
    }).join(', '));
  }
  if (typeof v.text === 'string' && v.text !== '') parts.push(v.text);
  if ('teacherModel' in v && typeof v.teacherModel === 'string') parts.push(`${lang === 'zh' ? '教师模型' : 'teacher model'}: ${v.teacherModel}`);
  const hasCodes = Array.isArray(v.codes) && v.codes.length > 0;
  if (typeof v.status === 'string' && !hasCodes) parts.unshift(STATUS_WORDS[v.status]?.[lang] ?? v.status);
  if (typeof v.decision === 'string' && v.decision !== 'changed') parts.push(`(${DECISION_WORDS[v.decision]?.[lang] ?? v.decision})`);
  return parts.length > 0 ? parts.join(' ') : '—';
}

export function turnIndexOf(turnId: string): number | null {
  const at = turnId.lastIndexOf('#');
  const index = at < 0 ? NaN : Number(turnId.slice(at + 1));
  return Number.isInteger(index) ? index : null;
}

export interface RowContext {
  codebook: Codebook | null;
  lang: LabelLanguage;
  /** the dialogue's name for a person (shared/model/dialogue-names.ts) */
  dialogueNameOf: (dialogueId: string) => string | undefined;
  layerNameOf: (layerId: string) => string | undefined;
}

export function auditRow(entry: EditLogEntry, context: RowContext): AuditRow {
  const target = entry.target;
  const fieldId = target.kind === 'field' || target.kind === 'layer-field' ? target.fieldId : null;
  const turnId = target.kind === 'field' || target.kind === 'turn' || target.kind === 'layer-field' ? target.turnId : null;
  const field = fieldId && context.codebook ? fieldById(context.codebook, fieldId) : undefined;
  // a layer's value, or a layer's turn flag (a work package's verified turns)
  const layerId = target.kind === 'layer-field' || target.kind === 'turn' ? target.layerId : undefined;
  return {
    seq: entry.seq ?? 0,
    at: entry.at,
    datasetId: entry.datasetId ?? '',
    dialogueId: entry.dialogueId,
    dialogue: entry.dialogueId === '' ? '' : (context.dialogueNameOf(entry.dialogueId) ?? entry.dialogueId),
    turnIndex: turnId ? turnIndexOf(turnId) : null,
    fieldId,
    rubric: target.kind === 'rubric-score' ? target.rubric : null,
    layer: target.kind === 'rubric-score' ? target.rubricSetId : layerId ? (context.layerNameOf(layerId) ?? layerId) : '',
    reason: entry.reason ?? 'corrected',
    who: entry.reviewer,
    annotatorId: entry.annotatorId ?? null,
    before: valueText(entry.before, field, context.lang),
    after: valueText(entry.after, field, context.lang),
    note: entry.note ?? '',
  };
}

export interface AuditFilter {
  /** the `who` of the rows to keep; '' or absent: everyone */
  who?: string;
  fieldId?: string;
  reason?: AuditReason;
  /** ISO times, inclusive */
  from?: string;
  to?: string;
}

export function filterAuditRows(rows: readonly AuditRow[], filter: AuditFilter): AuditRow[] {
  return rows.filter((row) =>
    (!filter.who || row.who === filter.who)
    && (!filter.fieldId || row.fieldId === filter.fieldId)
    && (!filter.reason || row.reason === filter.reason)
    && (!filter.from || row.at >= filter.from)
    && (!filter.to || row.at <= filter.to));
}

/** The rows as CSV, in the order given; the field by its name in `lang`, the reason in words. */
export function auditCsv(rows: readonly AuditRow[], datasetName: string, context: Pick<RowContext, 'codebook' | 'lang'>): string {
  const lang = context.lang;
  const fieldName = (fieldId: string | null, rubric: string | null) => {
    if (rubric) return `${lang === 'zh' ? '量规' : 'rubric'} ${rubric}`;
    if (!fieldId) return '';
    const field = context.codebook ? fieldById(context.codebook, fieldId) : undefined;
    return field ? field.name[lang] : fieldId;
  };
  return Papa.unparse({
    fields: ['time', 'dataset', 'dialogue', 'turn', 'field', 'layer', 'reason', 'annotator', 'before', 'after', 'note'],
    data: rows.map((row) => [row.at, datasetName, row.dialogue, turnNumberText(row.turnIndex), fieldName(row.fieldId, row.rubric), row.layer, REASON_WORDS[row.reason][lang], row.who, row.before, row.after, row.note]),
  });
}

/** A turn as review numbers it (Turn 4, #4: 1-based); '' for an entry about the dialogue or data set. */
export function turnNumberText(turnIndex: number | null): string {
  return turnIndex === null ? '' : String(turnIndex + 1);
}
