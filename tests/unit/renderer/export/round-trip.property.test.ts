/**
 * Round trips as properties (issue 29): for generated SID files and generated reviews, the real
 * import (shared/import → the import repository), the review store's writes (the path the review
 * keys drive: accept, pick a label, unsure, clear, a corrected utterance or speaker, verify a turn
 * or the dialogue) into fake-indexeddb, and the export store (the app's Export: SID JSONL with its
 * card), then the real import of the exported file again:
 * - the re-imported values are, field by field, the ones the expert left (the speaker included),
 *   computed here from the stored reviews by the export rules, not by the exporter's code;
 * - export → import → export gives the same file: the SID content (every key but the
 *   `maieutic` provenance) byte for byte, and a second unreviewed round gives the same file whole
 *   (but for the database ids it names).
 * Runs are seeded and bounded so `npm test` stays quick; MAIEUTIC_PROPERTY_RUNS raises the count and
 * MAIEUTIC_PROPERTY_SEED changes the seed.
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { fieldAppliesTo, labelByCode } from '../../../../shared/codebook/lookup';
import type { FieldDef } from '../../../../shared/codebook/types';
import { UNSURE_VALUES, type ExportScope, type UnsureValues } from '../../../../shared/export';
import { parseSourceFile } from '../../../../shared/import';
import type { ParsedFile, SpeakerCode, Turn } from '../../../../shared/model/dataset';
import type { FieldReview } from '../../../../shared/model/review';
import type { SaveExportArgs } from '../../../../shared/ipc/contract';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { importParsedFiles } from '../../../../renderer/src/db/repositories/import';
import { loadReviewBundle } from '../../../../renderer/src/db/repositories/reviews';
import { listTurns } from '../../../../renderer/src/db/repositories/turns';
import { buildDialogueModel, turnToVerify } from '../../../../renderer/src/features/review/review-model';
import { createExportStore } from '../../../../renderer/src/stores/export/store';
import { createReviewStore } from '../../../../renderer/src/stores/review/store';
import type { FieldIntent } from '../../../../renderer/src/stores/review/field-intents';
import { stubSaveExport } from '../save-export-stub';
import { freshDbName, openDb } from '../review/fixtures';

const RUNS = Number(process.env.MAIEUTIC_PROPERTY_RUNS ?? 10);
const SEED = Number(process.env.MAIEUTIC_PROPERTY_SEED ?? 20291629);
const codebook = DEFAULT_CODEBOOK;
const LABEL_FIELDS = codebook.fields.filter((candidate) => candidate.id !== 'speaker' && candidate.id !== 'utterance');

// ---------------------------------------------------------------- generated SID files

const ROLES: Record<'teacher' | 'student', readonly string[]> = { teacher: ['教师', '老师', 'Teacher'], student: ['学生', 'Student'] };
/** Texts that share words, repeat, carry quotes, line breaks, spaces and the end marker: alignment must cope with all of them. */
const UTTERANCES = ['为什么仙人掌的叶子是刺？', '你觉得呢？', '你觉得呢？', '水！[结束]', '她说："好, 我懂了"\n然后="1+2"', '  前后有空格  ', '嗯。', '想想水分会怎样离开叶子。'];
const CORRECTIONS = ['沙漠里最缺少什么？', '你觉得呢？', '改过的, "文本"', '嗯。', '总结一下。[结束]'];

/** A label as a SID file may spell it: its Chinese name, its English name, or an alias. */
function spellings(fieldDef: FieldDef, code: string): string[] {
  const label = labelByCode(fieldDef, code)!;
  return [label.name.zh, label.name.en, ...(label.aliases ?? [])].filter((text) => text.trim() !== '');
}

function rawValue(fieldDef: FieldDef): fc.Arbitrary<string> {
  const codes = fieldDef.labels.map((label) => label.code);
  const one = fc.constantFrom(...codes).chain((code) => fc.constantFrom(...spellings(fieldDef, code)));
  if (fieldDef.type === 'set') {
    return fc.oneof(
      fc.constant(''),
      fc.tuple(fc.uniqueArray(fc.constantFrom(...codes), { minLength: 1, maxLength: 3 }), fc.constantFrom(', ', '，', '、', ',')).chain(([chosen, separator]) =>
        fc.tuple(...chosen.map((code) => fc.constantFrom(...spellings(fieldDef, code)))).map((parts) => parts.join(separator)),
      ),
    );
  }
  return fc.oneof({ weight: 1, arbitrary: fc.constant('') }, { weight: 4, arbitrary: one });
}

interface GeneratedTurn {
  speaker: 'teacher' | 'student';
  role: string;
  annotationRole: string;
  utterance: string;
  labels: Record<string, string>;
}

const turnArbitrary: fc.Arbitrary<GeneratedTurn> = fc.constantFrom<'teacher' | 'student'>('teacher', 'student').chain((speaker) =>
  fc.record({
    speaker: fc.constant(speaker),
    role: fc.constantFrom(...ROLES[speaker]),
    annotationRole: fc.constantFrom(...ROLES[speaker]),
    utterance: fc.constantFrom(...UTTERANCES),
    labels: fc.record(Object.fromEntries(LABEL_FIELDS.map((fieldDef) => [fieldDef.id, fieldAppliesTo(fieldDef, speaker) ? rawValue(fieldDef) : fc.constant('')]))),
  }),
);

interface GeneratedDialogue {
  turns: GeneratedTurn[];
  /** an annotation that matches no turn: kept aside on import and carried in the provenance */
  stray: boolean;
  /** a key of the record the model does not hold */
  extra: boolean;
}

const dialogueArbitrary: fc.Arbitrary<GeneratedDialogue> = fc.record({ turns: fc.array(turnArbitrary, { minLength: 1, maxLength: 5 }), stray: fc.boolean(), extra: fc.boolean() });

function sidFile(dialogues: readonly GeneratedDialogue[]): string {
  return dialogues
    .map((dialogue, at) =>
      JSON.stringify({
        topic_id: 7,
        topic_text: '校园生态',
        student_id: 3,
        repeat_id: at + 1,
        ...(dialogue.extra ? { run: { seed: at } } : {}),
        dialogue: dialogue.turns.map((turn, i) => ({ role: turn.role, content: turn.utterance, ...(dialogue.extra ? { ts: i } : {}) })),
        annotations: [
          ...dialogue.turns.map((turn) => ({ speaker: turn.annotationRole, utterance: turn.utterance, ...turn.labels })),
          ...(dialogue.stray ? [{ speaker: '教师', utterance: '这一句不在对话里。', teacher_intent: '总结提升' }] : []),
        ],
      }),
    )
    .join('\n');
}

// ---------------------------------------------------------------- generated reviews

type Step =
  | { kind: 'field'; turn: number; fieldId: string; intent: FieldIntent }
  | { kind: 'verify-turn'; turn: number }
  | { kind: 'verify-dialogue' };

function intentFor(fieldDef: FieldDef): fc.Arbitrary<FieldIntent> {
  const common: fc.Arbitrary<FieldIntent>[] = [fc.constant({ kind: 'accept' }), fc.constant({ kind: 'unsure' }), fc.constant({ kind: 'clear' })];
  if (fieldDef.type === 'text') return fc.oneof(...common, fc.constantFrom(...CORRECTIONS).map((text): FieldIntent => ({ kind: 'text', text })));
  return fc.oneof(...common, fc.constantFrom(...fieldDef.labels.map((label) => label.code)).map((code): FieldIntent => ({ kind: 'pick', code })));
}

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(fc.nat(4), fc.constantFrom(...codebook.fields)).chain(([turn, fieldDef]) => intentFor(fieldDef).map((intent): Step => ({ kind: 'field', turn, fieldId: fieldDef.id, intent }))) },
  { weight: 2, arbitrary: fc.nat(4).map((turn): Step => ({ kind: 'verify-turn', turn })) },
  { weight: 1, arbitrary: fc.constant<Step>({ kind: 'verify-dialogue' }) },
);

interface Case {
  dialogues: GeneratedDialogue[];
  /** per dialogue, the review steps (turn numbers wrap around the dialogue's turns) */
  steps: Step[][];
  scope: ExportScope;
  unsureValues: UnsureValues;
}

const caseArbitrary: fc.Arbitrary<Case> = fc.array(dialogueArbitrary, { minLength: 1, maxLength: 3 }).chain((dialogues) =>
  fc.record({
    dialogues: fc.constant(dialogues),
    steps: fc.tuple(...dialogues.map(() => fc.array(stepArbitrary, { maxLength: 10 }))),
    scope: fc.constantFrom<ExportScope>('all', 'verified', 'verified-turns'),
    unsureValues: fc.constantFrom(...UNSURE_VALUES),
  }),
);

// ---------------------------------------------------------------- the app's paths

const REVIEWER = '王老师';
const FILE = 'GPT-4o/sid.jsonl';
let saved: SaveExportArgs[];
const opened: MaieuticDb[] = [];
beforeEach(() => {
  saved = stubSaveExport();
});
afterEach(() => {
  vi.unstubAllGlobals();
  for (const db of opened.splice(0)) db.close();
});

function parse(text: string): ParsedFile {
  const file = parseSourceFile({ name: FILE, text }, { codebook });
  expect(file.issues.filter((issue) => issue.severity === 'error')).toEqual([]);
  return file;
}

async function importFile(db: MaieuticDb, text: string, name: string): Promise<{ datasetId: string; file: ParsedFile }> {
  const file = parse(text);
  const { datasetId } = await importParsedFiles(db, { kind: 'new', name, codebookId: codebook.id }, [file]);
  return { datasetId, file };
}

/** The review store's writes, as the review keys make them, for one dialogue. */
async function review(db: MaieuticDb, dialogueId: string, steps: readonly Step[]): Promise<void> {
  let clock = Date.parse('2026-06-01T08:00:00.000Z');
  const store = createReviewStore({ db: () => db, reviewer: () => REVIEWER, now: () => new Date((clock += 1000)).toISOString() });
  store.getState().startSession(dialogueId);
  for (const step of steps) {
    const bundle = (await loadReviewBundle(db, dialogueId))!;
    const model = buildDialogueModel(codebook, bundle);
    if (step.kind === 'verify-dialogue') {
      await store.getState().verifyDialogue(model.turns.map(turnToVerify));
      continue;
    }
    const turnIndex = step.turn % model.turns.length;
    const turn = model.turns[turnIndex];
    if (step.kind === 'verify-turn') {
      await store.getState().setTurnVerified({ dialogueId, turnId: turn.turn.id, turnIndex }, true, turnToVerify(turn).fields);
      continue;
    }
    const row = turn.fields.find((candidate) => candidate.field.id === step.fieldId)!;
    await store.getState().editFields(turnIndex, [{ dialogueId, turnId: turn.turn.id, fieldId: step.fieldId, context: row.context, intent: step.intent }]);
  }
  expect(store.getState().save.error).toBeNull();
}

/** The app's Export of one data set: the file it would save, confirming unreviewed labels as the user would. */
async function exportSid(db: MaieuticDb, datasetId: string, scope: ExportScope, unsureValues: UnsureValues): Promise<string> {
  const exporter = createExportStore(() => db, async () => ({ flushed: true }));
  await exporter.getState().loadCounts(datasetId);
  exporter.getState().setScope(scope);
  await exporter.getState().setUnsureValues(unsureValues);
  const before = saved.length;
  await exporter.getState().exportDataset(datasetId);
  if (exporter.getState().status === 'confirming') await exporter.getState().confirmExport();
  expect(exporter.getState().status).toBe('saved');
  expect(saved).toHaveLength(before + 1);
  return saved[before].content;
}

// ---------------------------------------------------------------- what the expert left, by the export rules

interface Expected {
  /** the review status per reviewed field (the provenance's `values`) */
  statuses: Record<string, string>;
  /** the speaker and text as imported, when the expert corrected them */
  originalSpeaker?: string;
  originalUtterance?: string;
  speaker: SpeakerCode;
  utterance: string;
  /** per field: the codes a label holds (sorted), or the raw text of an unreviewed value as imported */
  labels: Record<string, { codes: string[] } | { raw: string }>;
}

function expectedTurn(turn: Turn, reviews: ReadonlyMap<string, FieldReview>, inScope: boolean, unsureValues: UnsureValues): Expected {
  const speakerReview = reviews.get('speaker');
  const corrected = speakerReview?.codes[0];
  const speaker: SpeakerCode = corrected === 'teacher' || corrected === 'student' ? corrected : turn.speaker;
  const utteranceReview = reviews.get('utterance');
  const labels: Expected['labels'] = {};
  for (const fieldDef of LABEL_FIELDS) {
    const reviewed = reviews.get(fieldDef.id);
    if (!inScope || (reviewed?.decision === 'unsure' && unsureValues === 'empty')) labels[fieldDef.id] = { codes: [] };
    else if (reviewed) labels[fieldDef.id] = { codes: [...reviewed.codes].sort() };
    else labels[fieldDef.id] = { raw: turn.pre[fieldDef.id]?.raw ?? '' };
  }
  const utterance = utteranceReview?.text ?? turn.utterance;
  const statuses = Object.fromEntries([...reviews.values()].filter((row) => inScope || row.fieldId === 'speaker' || row.fieldId === 'utterance').map((row) => [row.fieldId, row.decision]));
  return {
    statuses,
    ...(speaker !== turn.speaker ? { originalSpeaker: turn.speakerRaw } : {}),
    ...(utterance !== turn.utterance ? { originalUtterance: turn.utterance } : {}),
    speaker,
    utterance,
    labels,
  };
}

const withoutProvenance = (line: string) => {
  const { maieutic, ...record } = JSON.parse(line) as Record<string, unknown>;
  void maieutic;
  return JSON.stringify(record);
};
const provenanceOf = (line: string) => (JSON.parse(line) as { maieutic: Record<string, unknown> & { dialogueId: string } }).maieutic;
/** The file with the ids only a database gives (dialogue ids) made neutral. */
const neutralIds = (text: string) => text.trimEnd().split('\n').map((line) => {
  const record = JSON.parse(line) as { maieutic: { dialogueId: string } };
  record.maieutic.dialogueId = '<id>';
  return JSON.stringify(record);
});

describe('export round trips, as properties', () => {
  it('import → review → export → import gives the reviewed values field by field; export → import → export the same file', async () => {
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async ({ dialogues, steps, scope, unsureValues }) => {
        const db = openDb(freshDbName());
        opened.push(db);
        const { datasetId } = await importFile(db, sidFile(dialogues), 'Generated');
        const stored = await db.dialogues.where('datasetId').equals(datasetId).sortBy('line');
        for (const [at, dialogue] of stored.entries()) await review(db, dialogue.id, steps[at]);

        // the scope asked for, or everything when it holds nothing (the view would not offer the save)
        const verifiedDialogues = await db.dialogueReviews.where('id').anyOf(stored.map((dialogue) => dialogue.id)).filter((row) => row.status === 'verified').count();
        const verifiedTurns = await db.turnReviews.where('dialogueId').anyOf(stored.map((dialogue) => dialogue.id)).count();
        const effectiveScope: ExportScope = (scope === 'verified' && verifiedDialogues === 0) || (scope === 'verified-turns' && verifiedTurns === 0) ? 'all' : scope;
        const first = await exportSid(db, datasetId, effectiveScope, unsureValues);

        // --- what the expert left, turn by turn, for every dialogue the export holds
        const expected = new Map<string, Expected[]>();
        for (const dialogue of stored) {
          const turns = await listTurns(db, dialogue.id);
          const reviews = await db.fieldReviews.where('dialogueId').equals(dialogue.id).toArray();
          const turnReviews = new Set((await db.turnReviews.where('dialogueId').equals(dialogue.id).toArray()).map((row) => row.id));
          const dialogueVerified = (await db.dialogueReviews.get(dialogue.id))?.status === 'verified';
          const inScope = (turn: Turn) => effectiveScope === 'all' || (effectiveScope === 'verified' ? dialogueVerified : turnReviews.has(turn.id));
          if (!turns.some(inScope)) continue;
          const byTurn = (turn: Turn) => new Map(reviews.filter((row) => row.turnId === turn.id).map((row) => [row.fieldId, row]));
          expected.set(`${dialogue.line}`, turns.map((turn) => expectedTurn(turn, byTurn(turn), inScope(turn), unsureValues)));
        }
        const lines = first.trimEnd().split('\n');
        expect(lines).toHaveLength(expected.size);

        // --- the provenance says the same of every turn
        lines.forEach((line, at) => {
          const turns = provenanceOf(line).turns as { values: Record<string, string>; originalSpeaker?: string; originalUtterance?: string }[];
          turns.forEach((turn, index) => {
            const want = [...expected.values()][at][index];
            for (const [fieldId, status] of Object.entries(want.statuses)) expect(turn.values[fieldId], `provenance of ${fieldId}`).toBe(status);
            expect(turn.originalSpeaker).toBe(want.originalSpeaker);
            expect(turn.originalUtterance).toBe(want.originalUtterance);
          });
        });

        // --- import the export: every turn aligned, the values the expert left
        const again = parse(first);
        expect(again.issues.filter((issue) => issue.code === 'unaligned-annotation' && !issue.message.includes('carried over'))).toEqual([]);
        const expectedDialogues = [...expected.values()];
        again.dialogues.forEach((dialogue, at) => {
          const want = expectedDialogues[at];
          expect(dialogue.turns.map((turn) => turn.alignment)).toEqual(want.map(() => 'exact'));
          dialogue.turns.forEach((turn, index) => {
            const where = `dialogue ${at + 1}, turn ${index + 1}`;
            expect(turn.speaker, `${where}: speaker`).toBe(want[index].speaker);
            expect(turn.utterance, `${where}: utterance`).toBe(want[index].utterance);
            for (const [fieldId, value] of Object.entries(want[index].labels)) {
              const got = turn.pre[fieldId];
              if ('raw' in value) expect(got?.raw ?? '', `${where}: ${fieldId} as imported`).toBe(value.raw);
              else expect([...(got?.codes ?? [])].sort(), `${where}: ${fieldId}`).toEqual(value.codes);
            }
          });
          // annotations that matched no turn travel in the provenance and come back aside
          const carried = provenanceOf(lines[at]).unaligned as { raw: { utterance: string } }[];
          expect(dialogue.unaligned.map((entry) => entry.utterance)).toEqual(carried.map((entry) => entry.raw.utterance));
        });

        // --- export → import → export: the SID content byte for byte
        const { datasetId: againId } = await importFile(db, first, 'Re-imported');
        const second = await exportSid(db, againId, 'all', unsureValues);
        expect(second.trimEnd().split('\n').map(withoutProvenance)).toEqual(lines.map(withoutProvenance));
        second.trimEnd().split('\n').forEach((line, at) => expect(provenanceOf(line).unaligned).toEqual(provenanceOf(lines[at]).unaligned));
        // and once nobody reviews in between, the whole file
        const { datasetId: thirdId } = await importFile(db, second, 'Re-imported twice');
        const third = await exportSid(db, thirdId, 'all', unsureValues);
        expect(neutralIds(third)).toEqual(neutralIds(second));
        db.close();
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 120_000);
});
