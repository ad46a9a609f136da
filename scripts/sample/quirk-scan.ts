/**
 * Finds the importer-relevant irregularities in the written JSONL records, independently of
 * how they were authored, so the README lists what the files really contain.
 * Alignment here mirrors the format reference: exact, then normalised, then containment.
 */
import type { LabelledField } from './authoring';
import type { Vocabulary } from './codebook-vocabulary';
import { END_MARKERS } from './authoring-checks';
import type { SidAnnotation, SidRecord } from './sid-record';

export type QuirkKind =
  | 'split-annotation'
  | 'conflicting-fragments'
  | 'unaligned-annotation'
  | 'turn-without-annotation'
  | 'whitespace-variant'
  | 'punctuation-variant'
  | 'containment'
  | 'out-of-vocabulary'
  | 'intent-as-strategy'
  | 'separator'
  | 'end-marker'
  | 'speaker-alias'
  | 'glossed-label'
  | 'empty-strategy'
  | 'ends-with-student';

export interface QuirkHit {
  kind: QuirkKind;
  file: string;
  /** 1-based JSONL line */
  line: number;
  detail: string;
}

export interface ScannedFile {
  /** relative to resources/sample */
  file: string;
  records: SidRecord[];
}

type Alignment = { turn: number; how: 'exact' | 'normalised' | 'containment' } | { turn: null; how: 'none' };

const fold = (text: string) => text.normalize('NFKC').replace(/\s+/g, '');

function align(annotation: SidAnnotation, record: SidRecord): Alignment {
  const turns = record.dialogue;
  const exact = turns.findIndex((turn) => turn.content === annotation.utterance);
  if (exact >= 0) return { turn: exact, how: 'exact' };
  const normalised = turns.findIndex((turn) => fold(turn.content) === fold(annotation.utterance));
  if (normalised >= 0) return { turn: normalised, how: 'normalised' };
  const contained = turns.findIndex((turn) => fold(turn.content).includes(fold(annotation.utterance)));
  if (contained >= 0) return { turn: contained, how: 'containment' };
  return { turn: null, how: 'none' };
}

const LABELLED_FIELDS: LabelledField[] = [
  'teacher_intent',
  'teaching_strategy',
  'discipline',
  'discipline_transfer',
  'student_cognition_state',
  'teacher_guidance_level',
  'cognitive_level',
];

const SEPARATOR_STYLES: { name: string; pattern: RegExp }[] = [
  { name: '`,` without space', pattern: /,(?=\S)/ },
  { name: '`，` (full-width comma)', pattern: /，/ },
  { name: '`、` (enumeration comma)', pattern: /、/ },
  { name: '`;`', pattern: /;/ },
  { name: '`/`', pattern: /\// },
];

function scanRecord(file: string, line: number, record: SidRecord, vocabulary: Vocabulary): QuirkHit[] {
  const hits: QuirkHit[] = [];
  const hit = (kind: QuirkKind, detail: string) => hits.push({ kind, file, line, detail });
  const alignments = record.annotations.map((annotation) => align(annotation, record));
  const byTurn = new Map<number, number[]>();
  alignments.forEach((alignment, index) => {
    const annotation = record.annotations[index];
    const at = `annotation ${index + 1}`;
    if (alignment.turn === null) {
      hit('unaligned-annotation', `${at} (${annotation.speaker}) «${annotation.utterance}» matches no turn`);
      return;
    }
    byTurn.set(alignment.turn, [...(byTurn.get(alignment.turn) ?? []), index]);
    const turn = record.dialogue[alignment.turn];
    if (alignment.how === 'normalised') {
      const kind = annotation.utterance.replace(/\s+/g, '') === turn.content.replace(/\s+/g, '') ? 'whitespace-variant' : 'punctuation-variant';
      hit(kind, `${at} differs from turn ${alignment.turn + 1} only by ${kind === 'whitespace-variant' ? 'whitespace' : 'full-/half-width punctuation'}`);
    }
    if (annotation.speaker !== turn.role) hit('speaker-alias', `${at}: speaker «${annotation.speaker}» for a ${turn.role} turn`);
  });
  for (const [turnIndex, indexes] of byTurn) {
    const turn = record.dialogue[turnIndex];
    const fragments = indexes.filter((index) => alignments[index].how === 'containment');
    if (fragments.length >= 2) {
      const joined = fragments.map((index) => record.annotations[index].utterance).join('');
      hit(
        'split-annotation',
        `turn ${turnIndex + 1} is annotated as ${fragments.length} entries (annotations ${fragments.map((i) => i + 1).join(', ')})` +
          (joined === turn.content ? '; the fragments concatenate to the turn text' : '; the fragments do NOT concatenate to the turn text'),
      );
      const disagreeing = LABELLED_FIELDS.filter(
        (field) => new Set(fragments.map((index) => record.annotations[index][field])).size > 1,
      );
      for (const field of disagreeing) {
        const values = fragments.map((index) => record.annotations[index][field]).join(' / ');
        hit('conflicting-fragments', `turn ${turnIndex + 1}: fragments disagree on ${field} (${values})`);
      }
    } else if (fragments.length === 1) {
      const annotation = record.annotations[fragments[0]];
      const rest = turn.content.replace(annotation.utterance, '');
      hit('containment', `annotation ${fragments[0] + 1} is turn ${turnIndex + 1} without «${rest}»`);
    }
  }
  record.dialogue.forEach((turn, index) => {
    if (!byTurn.has(index)) hit('turn-without-annotation', `turn ${index + 1} (${turn.role}) has no annotation of its own`);
  });
  record.annotations.forEach((annotation, index) => {
    const at = `annotation ${index + 1}`;
    for (const field of LABELLED_FIELDS) {
      const unknown = vocabulary.unknownParts(field, annotation[field]);
      if (unknown.length === 0) {
        if (/[（(][A-Za-z][^）)]*[）)]/.test(annotation[field])) hit('glossed-label', `${at}: ${field} «${annotation[field]}»`);
        continue;
      }
      const intents = unknown.filter((part) => vocabulary.unknownParts('teacher_intent', part).length === 0);
      if (field === 'teaching_strategy' && intents.length > 0) {
        hit('intent-as-strategy', `${at}: teaching_strategy «${annotation[field]}» holds the intent ${intents.join(', ')}`);
      } else {
        hit('out-of-vocabulary', `${at}: ${field} «${annotation[field]}»`);
      }
    }
    for (const field of ['discipline', 'teaching_strategy'] satisfies LabelledField[]) {
      for (const style of SEPARATOR_STYLES) {
        if (style.pattern.test(annotation[field])) hit('separator', `${style.name} — ${at}: ${field} «${annotation[field]}»`);
      }
    }
    if (annotation.speaker !== '学生' && annotation.teaching_strategy === '' && alignments[index].turn !== null) {
      hit('empty-strategy', `${at}: a teacher turn with no teaching_strategy`);
    }
  });
  const teacherIndexes = record.dialogue.flatMap((turn, index) => (turn.role === '教师' ? [index] : []));
  const lastTeacher = teacherIndexes[teacherIndexes.length - 1];
  if (lastTeacher !== undefined) {
    const marker = END_MARKERS.find((candidate) => record.dialogue[lastTeacher].content.endsWith(candidate));
    if (marker) hit('end-marker', `${marker} — turn ${lastTeacher + 1}`);
  }
  const last = record.dialogue[record.dialogue.length - 1];
  if (last?.role === '学生') hit('ends-with-student', `the dialogue ends on student turn ${record.dialogue.length}; no end marker`);
  return hits;
}

export function scanFiles(files: ScannedFile[], vocabulary: Vocabulary): QuirkHit[] {
  return files.flatMap(({ file, records }) =>
    records.flatMap((record, index) => scanRecord(file, index + 1, record, vocabulary)),
  );
}

/** Where a field holds exactly this raw value (for pointing at the format reference's own examples). */
export function findCells(files: ScannedFile[], field: LabelledField, value: string): QuirkHit[] {
  return files.flatMap(({ file, records }) =>
    records.flatMap((record, index) =>
      record.annotations.flatMap((annotation, position) =>
        annotation[field] === value
          ? [{ kind: 'separator' as const, file, line: index + 1, detail: `annotation ${position + 1}: ${field} «${value}»` }]
          : [],
      ),
    ),
  );
}
