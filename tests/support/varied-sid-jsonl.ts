/**
 * Seeded SID JSON Lines with every kind of record the import reports on, for tests that compare
 * two import paths on the same text: the benchmark generator's dialogues, mixed with malformed
 * lines, blank lines, CRLF endings, records that are not objects or have no dialogue, bad turns,
 * unknown roles, empty dialogues, duplicates, extra keys (also `__proto__`), annotations that
 * are missing, unaligned, out of order, split or of another speaker, unknown and conflicting
 * labels, numbers and lists as values, and review provenance.
 */
import { generateSidJsonl } from '../bench/generate';
import { seededRandom } from '../../shared/metrics/random';

type Json = Record<string, unknown>;

/** the alterations that make the record (and so the file) an error */
const ERROR_CASES = new Set([0, 1, 2, 3, 4, 16, 17, 21]);
let lastCase = -1; // the case mutate() applied last

function mutate(record: Json, next: () => number): Json | string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const turns = record.dialogue as Json[];
  const annotations = record.annotations as Json[];
  lastCase = Math.floor(next() * 24);
  switch (lastCase) {
    case 0:
      return JSON.stringify(record).slice(0, 40);
    case 1:
      return pick(['[1, 2]', '"text"', '42', 'null']);
    case 2:
      return { ...record, dialogue: undefined, other: 1 };
    case 3:
      return { ...record, dialogue: 'not a list' };
    case 4:
      turns[Math.floor(next() * turns.length)] = pick<Json>([{ role: '教师' }, { content: 'x' }, 'a string' as unknown as Json, { speaker: '学生', text: '换了键名的一轮' }]);
      return record;
    case 5:
      turns[0] = { ...turns[0], role: pick(['旁白', 'Narrator', '  ', '老师', 'Teacher', 'tutor']) };
      return record;
    case 6:
      return { ...record, dialogue: [], annotations: [] };
    case 7:
      return { ...record, topic_id: 1, student_id: 1, repeat_id: 1 };
    case 8:
      turns[0] = { ...turns[0], ts: 3, ['__proto__']: { polluted: true } };
      return { ...record, source: 'pipeline-v2', __turnExtras: 'reserved' };
    case 9:
      annotations.splice(Math.floor(next() * annotations.length), 1);
      return record;
    case 10:
      annotations.push({ ...annotations[0], utterance: '这一句在对话里根本不存在。' });
      return record;
    case 11:
      annotations.reverse();
      return record;
    case 12:
      annotations[0] = { ...annotations[0], speaker: annotations[0].speaker === '教师' ? '学生' : '教师' };
      return record;
    case 13:
      annotations[annotations.length - 1] = { ...annotations[annotations.length - 1], teacher_intent: pick(['未知意图', '检测理解/引导推理', 42, ['引出概念', '检测理解'], null, { nested: [1] }]) };
      return record;
    case 14:
      // one annotation split in two, with an extra key on which the halves differ
      annotations.splice(
        1,
        1,
        { ...annotations[1], utterance: String(annotations[1].utterance).slice(0, 6), teaching_strategy: '类比', confidence: 0.4, model: 'm1' },
        { ...annotations[1], utterance: String(annotations[1].utterance).slice(6), teaching_strategy: '提示', confidence: 0.9, model: 'm1' },
      );
      return record;
    case 15:
      annotations[0] = { ...annotations[0], utterance: undefined };
      return record;
    case 16:
      return { ...record, annotations: 'not a list' };
    case 17:
      annotations[0] = 'not an object' as unknown as Json;
      return record;
    case 18:
      return {
        ...record,
        maieutic: { version: 2, turns: [{ index: 1, verified: true, fields: { teacher_intent: { pre: '引出概念' } } }], unaligned: [{ index: 9, raw: { speaker: '教师', utterance: '早先没对上的一句' } }] },
      };
    case 19:
      annotations[0] = { ...annotations[0], cognitive_level: '理解（Understand）', discipline: '生物，，地理、、' };
      return record;
    case 20:
      return { ...record, topic_id: '', student_id: 3.5, repeat_id: null };
    case 21: {
      let deep: unknown = 1;
      for (let level = 0; level < 70; level++) deep = [deep];
      return { ...record, deep };
    }
    default:
      return record;
  }
}

/** `dialogues` records (about a third of them altered), with blank lines and some CRLF endings. */
export function variedSidJsonl(dialogues: number, seed: number, options: { errors?: boolean } = {}): string {
  const next = seededRandom(seed);
  const lines = generateSidJsonl({ dialogues, seed }).trimEnd().split('\n');
  const out: string[] = [];
  for (const line of lines) {
    const record = JSON.parse(line) as Json;
    let changed: Json | string = record;
    if (next() < 0.35) {
      changed = mutate(JSON.parse(line) as Json, next);
      if (options.errors === false && ERROR_CASES.has(lastCase)) changed = record;
    }
    const text = typeof changed === 'string' ? changed : JSON.stringify(changed);
    out.push(next() < 0.1 ? `${text}\r` : text);
    if (next() < 0.05) out.push(next() < 0.5 ? '' : '   ');
  }
  return `${out.join('\n')}\n`;
}
