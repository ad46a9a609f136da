/**
 * A generation run's dialogues as SID-native JSON Lines (/work/shared/spec/sid-format.md §1), so
 * they import into a data set through the app's own SID reader (shared/import/sid) like the SID
 * pipeline's files: one record per dialogue, one file per teacher model (SID groups its files by
 * the evaluated teacher, and the importer takes the teacher model from the file name).
 *
 * A record carries the SID header keys, `dialogue` as `{ role, content }` with SID's speaker
 * labels (教师 / 学生, whatever label the scenario gave the role, so the default codebook resolves
 * every turn), no `annotations` (a generated dialogue is not annotated yet: an empty label would
 * read as "annotated, nothing applies"), `teacher_model`, and the run's provenance under
 * `generation`. The importer keeps every key it does not model in `Dialogue.extra`, so both travel
 * with the dialogue and a Maieutic SID export writes them back.
 */
import { compareNatural } from '../import/natural-order';
import { RESERVED_FILE_NAME_CHARACTERS, BIDI_CONTROLS, CONTROL_CHARACTERS, isReservedDeviceName } from '../export/file-name-rules';
import type { GeneratedTurn, GenerationComplete, GenerationJobPayload, TurnAssessment } from './generation-job';
import { rowSidIds, type SidIds } from './sid-ids';
import type { TaskValue } from './types';

/** The version of the `generation` provenance object. */
export const GENERATION_PROVENANCE_VERSION = 1;

/** The record key of the run's provenance (`Dialogue.extra.generation` once imported). */
export const GENERATION_PROVENANCE_KEY = 'generation';

/** SID's speaker labels; a guide (no SID code) keeps its scenario label and imports as speaker "other". */
const SID_SPEAKER: Readonly<Record<string, string>> = { teacher: '教师', student: '学生' };

function sidSpeaker(turn: GeneratedTurn): string {
  return SID_SPEAKER[turn.role] ?? turn.label;
}

function column(payload: GenerationJobPayload, ...names: string[]): TaskValue | undefined {
  for (const name of names) if (Object.hasOwn(payload.row, name)) return payload.row[name];
  return undefined;
}

/**
 * The ids SID names a dialogue by (`topic-student-repeat`, unique in a file): the ones the engine
 * gave the conversation (sid-ids.ts); for a result recorded before it did, the row's own ids (its
 * 1-based task index for a missing column) and the repeat.
 */
function sidIds(payload: GenerationJobPayload): SidIds {
  return payload.sid ?? { ...rowSidIds(payload.row, payload.taskIndex), repeatId: payload.repeatId };
}

/** A probe without its draws: the answers are the run's, the file carries the counts. */
function assessmentSummary(assessment: TurnAssessment): Record<string, unknown> {
  return { beforeTurn: assessment.beforeTurn, roleTurnNumber: assessment.roleTurnNumber, n: assessment.n, c: assessment.c, passAtK: assessment.passAtK };
}

function provenance(payload: GenerationComplete): Record<string, unknown> {
  return {
    version: GENERATION_PROVENANCE_VERSION,
    conversationId: payload.conversationId,
    taskIndex: payload.taskIndex,
    scenario: { ...payload.scenario },
    teacher: { connectionId: payload.connectionId, model: payload.teacherModel },
    // connection id, model and sampling per role: never a key or an endpoint's address
    roles: Object.fromEntries(Object.entries(payload.roles).map(([role, played]) => [role, { connectionId: played.connectionId, model: played.model, sampling: { ...played.sampling } }])),
    end: { ...payload.end },
    turns: payload.turns.map((turn) => ({ turnNumber: turn.turnNumber, role: turn.role, label: turn.label, model: turn.model, cached: turn.cached, tokens: { ...turn.tokens }, ...(turn.router ? { router: { ...turn.router } } : {}) })),
    assessments: payload.assessments.map(assessmentSummary),
    safety: { kept: payload.safety.kept, words: payload.safety.words.map((found) => ({ ...found })), ...(payload.safety.scores ? { scores: payload.safety.scores.map((score) => ({ ...score })) } : {}) },
    tokens: { ...payload.tokens },
    cached: payload.cached,
  };
}

/** One finished conversation as a SID record (see the module comment). */
export function sidRecordOf(payload: GenerationComplete): Record<string, unknown> {
  const { topicId, studentId, repeatId } = sidIds(payload);
  const record: Record<string, unknown> = { topic_id: topicId };
  const topicText = column(payload, 'topic_text', 'topic');
  if (topicText !== undefined) record.topic_text = String(topicText);
  record.student_id = studentId;
  const studentType = column(payload, 'student_type');
  if (studentType !== undefined) record.student_type = String(studentType);
  // SID's `scenario` is the teaching scenario of a row (课堂探究); without one, the scenario file's id
  record.scenario = String(column(payload, 'scenario') ?? payload.scenario.id);
  record.repeat_id = repeatId;
  record.teacher_model = payload.teacherModel;
  record.dialogue = payload.turns.map((turn) => ({ role: sidSpeaker(turn), content: turn.content }));
  record[GENERATION_PROVENANCE_KEY] = provenance(payload);
  return record;
}

/** Finished and kept by the safety step. A plain boolean: a type guard's false branch would wrongly read as "failed". */
function isKept(payload: GenerationJobPayload): boolean {
  return payload.status === 'complete' && payload.safety.kept;
}

/**
 * A file name from a model name: the characters a file name may not hold (file-name-rules.ts)
 * become `_`, a Windows device name gets a `_` before it, a trailing dot or space goes. The stem
 * is what the importer proposes as the teacher model; a name that had to change is told apart by
 * the record's `teacher_model`.
 */
function fileStem(model: string): string {
  const forbidden = new RegExp(`${RESERVED_FILE_NAME_CHARACTERS.source}|${CONTROL_CHARACTERS.source}|${BIDI_CONTROLS.source}`, 'g');
  let stem = model.replace(forbidden, '_').replace(/[. ]+$/, '').slice(0, 120);
  if (stem.trim() === '' || stem === '.' || stem === '..') stem = 'teacher';
  if (isReservedDeviceName(stem)) stem = `_${stem}`;
  return stem;
}

function compareIds(a: TaskValue, b: TaskValue): number {
  return compareNatural(String(a), String(b));
}

/**
 * One SID JSON Lines file per teacher model, teacher models in natural order: the conversations
 * that finished and that the safety step kept (droppedConversations lists the others), records
 * sorted by topic, student and repeat (natural order, so topic 2 comes before topic 10). Two
 * models whose names make the same file name get `-2`, `-3` after the later one's stem. Each file
 * ends with a newline.
 */
export function sidJsonlByTeacher(payloads: readonly GenerationJobPayload[]): { teacherModel: string; fileName: string; text: string; dialogues: number }[] {
  const byTeacher = new Map<string, GenerationComplete[]>();
  for (const payload of payloads) {
    if (payload.status !== 'complete' || !isKept(payload)) continue;
    const list = byTeacher.get(payload.teacherModel);
    if (list) list.push(payload);
    else byTeacher.set(payload.teacherModel, [payload]);
  }
  const usedNames = new Set<string>();
  return [...byTeacher.keys()]
    .sort((a, b) => compareNatural(a, b) || (a < b ? -1 : a > b ? 1 : 0))
    .map((teacherModel) => {
      const conversations = byTeacher.get(teacherModel)!;
      const ordered = conversations
        .map((payload) => ({ payload, ids: sidIds(payload) }))
        .sort((a, b) => compareIds(a.ids.topicId, b.ids.topicId) || compareIds(a.ids.studentId, b.ids.studentId) || a.ids.repeatId - b.ids.repeatId || a.payload.taskIndex - b.payload.taskIndex);
      const stem = fileStem(teacherModel);
      let fileName = `${stem}.jsonl`;
      for (let n = 2; usedNames.has(fileName.toLowerCase()); n++) fileName = `${stem}-${n}.jsonl`;
      usedNames.add(fileName.toLowerCase());
      const lines = ordered.map(({ payload }) => JSON.stringify(sidRecordOf(payload)));
      return { teacherModel, fileName, text: lines.length > 0 ? `${lines.join('\n')}\n` : '', dialogues: lines.length };
    });
}

/** A conversation left out of the SID files, with why. */
export interface DroppedConversation {
  conversationId: string;
  teacherModel: string;
  reasons: string[];
  /** 'complete': finished and dropped by the safety step; 'failed': a call failed for good */
  status: GenerationJobPayload['status'];
}

/**
 * The conversations sidJsonlByTeacher leaves out: those the safety step dropped (its reasons) and
 * those that failed (the failure's reasons), in teacher model, task and repeat order.
 */
export function droppedConversations(payloads: readonly GenerationJobPayload[]): DroppedConversation[] {
  return payloads
    .filter((payload) => !isKept(payload))
    .sort((a, b) => compareNatural(a.teacherModel, b.teacherModel) || a.taskIndex - b.taskIndex || a.repeatId - b.repeatId)
    .map((payload) => ({
      conversationId: payload.conversationId,
      teacherModel: payload.teacherModel,
      reasons: payload.status === 'failed' ? [...payload.reasons] : [...payload.safety.reasons],
      status: payload.status,
    }));
}
