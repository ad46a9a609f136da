import type { FieldValues, ParsedDialogue, ParsedTurn, UnalignedAnnotation } from '../../model/dataset';
import { turnLabel } from '../issues';
import { isJsonObject } from '../json-records';
import { warnAboutLabels } from '../label-warnings';
import type { ParserContext, ParserOutput } from '../parser-types';
import { resolveSpeaker } from '../speaker';
import { parseJsonArray } from '../sid/parse-sid';
import { hasEndMarker } from '../text-normalize';
import { BRIDGE_ERROR_TO_COGNITION, BRIDGE_INTENT_TO_SID, BRIDGE_STRATEGY_TO_SID } from './bridge-tables';
import { mathematicsDiscipline, presetValue } from './preset-value';

interface BridgeContext extends ParserContext {
  line: number;
}

interface RawTurn {
  text: string;
  user: string;
  meta: { list: 'c_h' | 'c_r'; id: unknown; time: unknown };
}

function readList(snippet: Record<string, unknown>, key: 'c_h' | 'c_r', ctx: BridgeContext): RawTurn[] | null {
  const list = snippet[key];
  if (!Array.isArray(list)) {
    ctx.issues.error(ctx.line, 'missing-dialogue', `This snippet has no "${key}" list of turns.`);
    return null;
  }
  const turns: RawTurn[] = [];
  list.forEach((entry, i) => {
    if (isJsonObject(entry) && typeof entry.text === 'string' && typeof entry.user === 'string') {
      turns.push({ text: entry.text, user: entry.user, meta: { list: key, id: entry.id, time: entry.time } });
    } else {
      ctx.issues.error(ctx.line, 'bad-turn', `Turn ${i + 1} of "${key}" needs a "text" and a "user" (tutor or student).`);
    }
  });
  return turns.length === list.length ? turns : null;
}

function labelText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * Places a label on its turn, or keeps it aside as unaligned when the snippet has no such
 * turn (no student turn in c_h, no tutor turn in c_r).
 */
function placeLabels(turns: ParsedTurn[], snippet: Record<string, unknown>, historyLength: number, ctx: BridgeContext): UnalignedAnnotation[] {
  const unaligned: UnalignedAnnotation[] = [];
  let student = -1;
  for (let i = 0; i < historyLength; i++) if (turns[i].speaker === 'student') student = i;
  const tutor = turns.findIndex((turn, i) => i >= historyLength && turn.speaker === 'teacher');
  const place = (target: number, values: FieldValues, raw: Record<string, unknown>, what: string) => {
    if (target === -1) {
      unaligned.push({ index: unaligned.length, speakerRaw: '', utterance: '', raw });
      ctx.issues.warn(ctx.line, 'unaligned-annotation', `The ${what} label has no turn to go on in this snippet; it is kept aside as unaligned for review.`);
      return;
    }
    Object.assign(turns[target].pre, values);
  };
  const error = labelText(snippet.e);
  if (error.trim() !== '') {
    place(student, { student_cognition_state: presetValue(ctx.codebook, 'student_cognition_state', error, BRIDGE_ERROR_TO_COGNITION) }, { e: snippet.e }, 'student error (e)');
  }
  const values: FieldValues = {};
  const what = labelText(snippet.z_what);
  const why = labelText(snippet.z_why);
  if (what.trim() !== '') values.teaching_strategy = presetValue(ctx.codebook, 'teaching_strategy', what, BRIDGE_STRATEGY_TO_SID);
  if (why.trim() !== '') values.teacher_intent = presetValue(ctx.codebook, 'teacher_intent', why, BRIDGE_INTENT_TO_SID);
  if (Object.keys(values).length > 0) place(tutor, values, { z_what: snippet.z_what, z_why: snippet.z_why }, 'strategy/intention (z_what, z_why)');
  return unaligned;
}

function parseSnippet(snippet: unknown, ctx: BridgeContext): ParsedDialogue | null {
  if (!isJsonObject(snippet)) {
    ctx.issues.error(ctx.line, 'not-an-object', 'This element of the list is not a Bridge snippet object.');
    return null;
  }
  const history = readList(snippet, 'c_h', ctx);
  const response = readList(snippet, 'c_r', ctx);
  if (!history || !response) return null;
  const turns: ParsedTurn[] = [...history, ...response].map((raw, index) => {
    let speaker = resolveSpeaker(ctx.codebook, raw.user);
    if (speaker === null) {
      ctx.issues.warn(ctx.line, 'unknown-speaker', `Turn ${index + 1} has user "${raw.user}", which is neither tutor nor student; it was imported as speaker "other".`, { turn: index + 1 });
      speaker = 'other';
    }
    return { index, speaker, speakerRaw: raw.user, utterance: raw.text, endMarker: hasEndMarker(raw.text), pre: { ...mathematicsDiscipline(ctx.codebook) }, alignment: 'mapped', fragments: 1 };
  });
  const unaligned = placeLabels(turns, snippet, history.length, ctx);
  for (const turn of turns) warnAboutLabels(ctx.codebook, turn, turnLabel(turn.index, turn.speakerRaw), ctx.line, ctx.issues, turn.index);
  const cId = typeof snippet.c_id === 'string' && snippet.c_id.trim() !== '' ? snippet.c_id : null;
  return {
    line: ctx.line,
    externalId: cId ?? `${ctx.file}:${ctx.line}`,
    teacherModel: ctx.teacherModel,
    topicId: null,
    topicText: labelText(snippet.lesson_topic),
    studentId: null,
    studentType: '',
    scenario: '',
    repeatId: null,
    extra: {
      c_id: snippet.c_id,
      c_r_: snippet.c_r_,
      c_revision: snippet.c_revision,
      // how many of the turns are history (c_h); the rest are the tutor response (c_r)
      history_turns: history.length,
      turn_meta: [...history, ...response].map((raw) => raw.meta),
    },
    turns,
    unaligned,
  };
}

/**
 * Bridge JSON: a list of snippets, each one dialogue made of the history `c_h` followed by
 * the novice tutor's response `c_r`. Labels go through the documented tables in
 * bridge-tables.ts: `e` on the last student turn of c_h, `z_what`/`z_why` on the first tutor
 * turn of c_r. Every turn is mathematics.
 */
export function parseBridge(text: string, ctx: ParserContext): ParserOutput {
  const output: ParserOutput = [];
  const array = parseJsonArray(text, ctx);
  if (!array) return output;
  array.elements.forEach((element, i) => {
    const dialogue = parseSnippet(element, { ...ctx, line: array.lines[i] ?? 1 });
    if (!dialogue) return;
    const labelled = dialogue.turns.filter((turn) => Object.keys(turn.pre).some((id) => id !== 'discipline')).length;
    output.push({ dialogue, annotations: labelled });
  });
  return output;
}
