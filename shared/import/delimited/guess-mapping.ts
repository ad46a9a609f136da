import { foldForMatch } from '../../codebook/text-fold';
import type { Codebook } from '../../codebook/types';
import type { ColumnMapping, RowTurnColumns } from '../types';

/** Header spellings for the structural columns, compared without case, spaces, `_` or `-`. */
const SYNONYMS = {
  dialogueId: ['dialogue_id', 'dialogue', 'dialog_id', 'conversation_id', 'conversation', 'conv_id', 'session_id', 'chat_id', '对话', '对话id', '对话编号', '会话id'],
  turnOrder: ['turn', 'turn_index', 'turn_idx', 'turn_id', 'turn_no', 'turn_number', 'order', 'index', 'seq', 'position', '轮次', '序号', '顺序'],
  speaker: ['speaker', 'role', 'speaker_role', 'user', '说话人', '角色', '发言人'],
  utterance: ['utterance', 'text', 'content', 'message', 'utterance_text', '话语', '内容', '发言'],
  teacherModel: ['teacher_model', 'model', 'teachermodel', '教师模型', '模型'],
} as const;

function key(header: string): string {
  return foldForMatch(header).replace(/[\s_\-]+/g, '');
}

function findColumn(columns: readonly string[], synonyms: readonly string[], taken: Set<string>): string | undefined {
  const wanted = new Set(synonyms.map(key));
  return columns.find((column) => !taken.has(column) && wanted.has(key(column)));
}

/** `student_text`, `teacher utterance`, `教师话语`: one turn of a wide row per such column. */
const WIDE_TURN = /^(student|teacher|tutor|学生|教师|老师)(text|utterance|content|话语|内容)$/;
const ID_LIKE = /(?:^|[_\s-])(?:id|idx|index|no)$|^id$|编号$/;

function guessWideLayout(columns: readonly string[]): Pick<ColumnMapping, 'dialogueId' | 'dialogueIdParts' | 'turnsPerRow'> | null {
  const turnsPerRow: RowTurnColumns[] = [];
  for (const column of columns) {
    const match = WIDE_TURN.exec(key(column));
    if (match) turnsPerRow.push({ role: match[1], utterance: column });
  }
  if (turnsPerRow.length < 2) return null;
  const idColumns = columns.filter((column) => ID_LIKE.test(foldForMatch(column)));
  return { dialogueId: idColumns[0] ?? '', dialogueIdParts: idColumns.slice(1), turnsPerRow };
}

/**
 * A first guess for the mapping step from the header alone. Structural columns are matched
 * by common names in English and Chinese; codebook fields by their id or zh/en name. A row
 * holding a student and a teacher text side by side (conversational-uptake) gives a wide
 * mapping keyed by all its id-like columns. Columns not found are '' (the parser then names
 * what is missing).
 */
export function guessColumnMapping(columns: readonly string[], codebook: Codebook): ColumnMapping {
  const taken = new Set<string>();
  const take = (synonyms: readonly string[]): string | undefined => {
    const found = findColumn(columns, synonyms, taken);
    if (found !== undefined) taken.add(found);
    return found;
  };
  const fields: Record<string, string> = {};
  for (const field of codebook.fields) {
    if (field.id === 'speaker' || field.id === 'utterance') continue;
    const column = take([field.id, field.name.zh, field.name.en]);
    if (column !== undefined) fields[field.id] = column;
  }
  const utterance = take(SYNONYMS.utterance);
  const wide = utterance === undefined ? guessWideLayout(columns) : null;
  if (wide) {
    const teacherModel = take(SYNONYMS.teacherModel);
    return { ...wide, speaker: '', utterance: '', fields: {}, ...(teacherModel !== undefined ? { teacherModel } : {}) };
  }
  const mapping: ColumnMapping = {
    dialogueId: take(SYNONYMS.dialogueId) ?? '',
    speaker: take(SYNONYMS.speaker) ?? '',
    utterance: utterance ?? '',
    fields,
  };
  const turnOrder = take(SYNONYMS.turnOrder);
  const teacherModel = take(SYNONYMS.teacherModel);
  if (turnOrder !== undefined) mapping.turnOrder = turnOrder;
  if (teacherModel !== undefined) mapping.teacherModel = teacherModel;
  return mapping;
}
