import type { FieldValues, ParsedDialogue, ParsedTurn } from '../../model/dataset';
import { snippet, turnLabel } from '../issues';
import { describeJsonError, isJsonObject, nonBlankLines, tooDeepProblem } from '../json-records';
import { warnAboutLabels } from '../label-warnings';
import { ownEntriesExcept } from '../own-keys';
import type { ParserContext, ParserOutput } from '../parser-types';
import { resolveSpeaker } from '../speaker';
import { hasEndMarker } from '../text-normalize';
import { MATHDIAL_MOVE_TO_STRATEGY } from './mathdial-moves';
import { mathematicsDiscipline, presetValue } from './preset-value';

const TURN_SEPARATOR = '|EOM|';
const MAX_ROLE_LENGTH = 24;

/**
 * `Teacher: (probing)Why…` — the role before the first colon (either width), then an optional
 * move in brackets. The role is what `/^\s*([^:：\n]{1,24}?)\s*[:：] ?/` captured (trimmed, 1–24
 * characters, no line break; an all-blank role is its last character that is not a line break),
 * found by one scan: that regex backtracks quadratically over a long run of spaces.
 * `length` runs to the colon and one space after it.
 */
export function rolePrefix(segment: string): { role: string; length: number } | null {
  const halfWidth = segment.indexOf(':');
  const fullWidth = segment.indexOf('：');
  const colon = halfWidth === -1 ? fullWidth : fullWidth === -1 ? halfWidth : Math.min(halfWidth, fullWidth);
  if (colon === -1) return null;
  const before = segment.slice(0, colon);
  let role = before.trim();
  if (role.length > MAX_ROLE_LENGTH || role.includes('\n')) return null;
  if (role === '') {
    let last = before.length - 1;
    while (last >= 0 && before[last] === '\n') last--;
    if (last < 0) return null;
    role = before[last];
  }
  return { role, length: colon + 1 + (segment[colon + 1] === ' ' ? 1 : 0) };
}
const MOVE_PREFIX = /^\(([^)\n]{1,40})\)/;
/** keys that become dialogue fields; the rest (ground truth, profile, self-ratings…) go to extra */
const MODELLED_KEYS = new Set(['conversation', 'qid', 'question', 'scenario']);

function readTurns(conversation: string, line: number, ctx: ParserContext): { turns: ParsedTurn[]; moves: number } {
  const turns: ParsedTurn[] = [];
  let moves = 0;
  for (const segment of conversation.split(TURN_SEPARATOR)) {
    if (segment.trim() === '') continue;
    const index = turns.length;
    const role = rolePrefix(segment);
    let speakerRaw = role ? role.role : '';
    let text = role ? segment.slice(role.length) : segment;
    let speaker = role ? resolveSpeaker(ctx.codebook, speakerRaw) : null;
    if (speaker === null) {
      const what = role ? `starts with "${snippet(speakerRaw, 20)}:", which is neither Teacher nor Student` : `has no "Teacher:" or "Student:" prefix ("${snippet(segment)}")`;
      ctx.issues.warn(line, role ? 'unknown-speaker' : 'bad-turn', `Turn ${index + 1} ${what}; it was kept whole as speaker "other".`, { turn: index + 1 });
      speaker = 'other';
      if (!role) speakerRaw = '';
    }
    const pre: FieldValues = { ...mathematicsDiscipline(ctx.codebook) };
    const move = speaker === 'teacher' ? MOVE_PREFIX.exec(text) : null;
    if (move) {
      text = text.slice(move[0].length);
      pre.teaching_strategy = presetValue(ctx.codebook, 'teaching_strategy', move[1], MATHDIAL_MOVE_TO_STRATEGY);
      moves++;
    }
    const mapped = Object.keys(pre).length > 0;
    const turn: ParsedTurn = { index, speaker, speakerRaw, utterance: text, endMarker: hasEndMarker(text), pre, alignment: mapped ? 'mapped' : 'none', fragments: mapped ? 1 : 0 };
    warnAboutLabels(ctx.codebook, turn, turnLabel(index, speakerRaw), line, ctx.issues, index);
    turns.push(turn);
  }
  return { turns, moves };
}

function idText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * MathDial JSON Lines: `conversation` is one string of turns separated by `|EOM|`. The
 * teacher's self-chosen move becomes the turn's teaching_strategy through the documented
 * preset table (raw move kept); every turn is mathematics. The problem (`qid`, `question`) is
 * the topic; everything else goes to `extra`.
 */
export function parseMathDial(text: string, ctx: ParserContext): ParserOutput {
  const output: ParserOutput = [];
  for (const { line, text: lineText } of nonBlankLines(text)) {
    let record: unknown;
    try {
      record = JSON.parse(lineText);
    } catch (error) {
      ctx.issues.error(line, 'malformed-json', `This line is not valid JSON: ${describeJsonError(error, lineText).problem}.`);
      continue;
    }
    const tooDeep = tooDeepProblem(lineText, record);
    if (tooDeep) {
      ctx.issues.error(line, 'too-deep', `This line is nested too deeply: ${tooDeep.problem}.`);
      continue;
    }
    if (!isJsonObject(record)) {
      ctx.issues.error(line, 'not-an-object', 'This line is not a JSON object; each MathDial line must be one dialogue.');
      continue;
    }
    if (typeof record.conversation !== 'string') {
      ctx.issues.error(line, 'missing-dialogue', 'This record has no "conversation" text (turns separated by |EOM|).');
      continue;
    }
    const { turns, moves } = readTurns(record.conversation, line, ctx);
    const extra = ownEntriesExcept(record, MODELLED_KEYS);
    const dialogue: ParsedDialogue = {
      line,
      externalId: `${ctx.file}:${line}`,
      teacherModel: ctx.teacherModel,
      topicId: idText(record.qid),
      topicText: typeof record.question === 'string' ? record.question : '',
      studentId: null,
      studentType: '',
      scenario: idText(record.scenario) ?? '',
      repeatId: null,
      extra,
      turns,
      unaligned: [],
    };
    output.push({ dialogue, annotations: moves });
  }
  return output;
}
