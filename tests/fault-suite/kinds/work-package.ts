/**
 * Work packages an annotator sends back (the owner's *Import annotator's work…*), fed by
 * runners/packages.ts to the app's path: main's file reading, then importWorkPackage into an
 * owner's profile that sent the assignment. The owner's ids are only known once the runner has
 * made that profile: the files name them by the placeholders below, which it fills in.
 */
import { DEFAULT_CODEBOOK, codebookVersionHash } from '../../../shared/codebook';
import { concat, join, nested, utf16, writeBytes } from '../builders';
import { gbkBytes } from '../gbk';
import type { FaultKind } from './kind';

export const OWNER_PLACEHOLDERS = { dataset: '@DATASET_ID@', assignment: '@ASSIGNMENT_ID@', dialogues: ['@DIALOGUE_0@', '@DIALOGUE_1@'] } as const;
/** the annotator the owner's assignment is sent to */
export const ANNOTATOR = '王老师';

const AT = '2026-12-02T11:00:00.000Z';
type Json = Record<string, unknown>;
const field = (codes: string[], reviewer = ANNOTATOR): Json => ({ decision: 'changed', codes, text: null, reviewer, at: AT });

/** A good work package: turn 1 (a teacher turn) of the first dialogue labelled and verified. */
export function goodWork(edit: (work: Json & { dialogues: { id: string; status: string; turns: Json[] }[] }) => void = () => {}): string {
  const work = {
    maieutic: 'work',
    version: 1,
    id: 'work-1',
    assignmentId: OWNER_PLACEHOLDERS.assignment,
    createdAt: '2026-12-02T12:00:00.000Z',
    annotator: { name: ANNOTATOR },
    dataset: { id: OWNER_PLACEHOLDERS.dataset, name: 'Pilot' },
    codebookHash: codebookVersionHash(DEFAULT_CODEBOOK),
    dialogues: [
      {
        id: OWNER_PLACEHOLDERS.dialogues[0],
        status: 'in-progress',
        turns: [{ index: 1, fields: { teacher_intent: field(['check_understanding']), teaching_strategy: field(['provide_hints', 'use_analogies']) }, verified: { verified: true, reviewer: ANNOTATOR, at: AT } }],
      },
    ],
  };
  edit(work);
  return `${JSON.stringify(work, null, 1)}\n`;
}

const work = (id: string, expect: FaultKind['expect'], content: string | Uint8Array, extra: Partial<FaultKind> = {}): FaultKind => ({
  id,
  expect,
  cli: null,
  runner: 'packages',
  build: (dir) => writeBytes(join(dir, 'work.json'), content),
  ...extra,
});

const firstTurn = (w: { dialogues: { turns: Json[] }[] }) => w.dialogues[0]!.turns[0] as { index: number; fields: Record<string, Json>; verified?: Json };

export const WORK_PACKAGE_KINDS: readonly FaultKind[] = [
  work('work/valid', 'accepted', goodWork()),
  work('work/valid-utf16-with-bom', 'accepted', concat([0xff, 0xfe], utf16(goodWork(), 'le'))),
  // issue 30 point 7: what the import flags in a file is refused in work, naming dialogue, turn and field
  work('work/student-field-on-teacher-turn', 'refused', goodWork((w) => (firstTurn(w).fields.student_cognition_state = field(['incorrect_answer']))), { mentions: ['student_cognition_state', 'turn 2'] }),
  work('work/teacher-field-on-student-turn', 'refused', goodWork((w) => (firstTurn(w).index = 0)), { mentions: ['teacher_intent', 'turn 1'] }),
  work('work/three-codes-in-single-label-field', 'refused', goodWork((w) => (firstTurn(w).fields.teacher_intent = field(['introduce_concepts', 'check_understanding', 'guide_reasoning']))), { mentions: ['teacher_intent', 'holds 3 labels'] }),
  work('work/reviewer-not-the-annotator', 'refused', goodWork((w) => (firstTurn(w).fields.teacher_intent = field(['check_understanding'], '李老师'))), { mentions: ['李老师'] }),
  work('work/verified-by-another', 'refused', goodWork((w) => (firstTurn(w).verified = { verified: true, reviewer: '李老师', at: AT })), { mentions: ['李老师'] }),
  work('work/signed-by-another', 'refused', goodWork((w) => (w.annotator = { name: '李老师' })), { mentions: ['$.annotator.name'] }),
  work('work/label-outside-codebook', 'refused', goodWork((w) => (firstTurn(w).fields.teacher_intent = field(['shout']))), { mentions: ['shout'] }),
  work('work/field-outside-codebook', 'refused', goodWork((w) => (firstTurn(w).fields.mood = field(['happy']))), { mentions: ['mood'] }),
  work('work/turn-the-dialogue-lacks', 'refused', goodWork((w) => (firstTurn(w).index = 99)), { mentions: ['no turn 99'] }),
  work('work/dialogue-outside-the-assignment', 'refused', goodWork((w) => (w.dialogues[0]!.id = 'someone-else:1')), { mentions: ['someone-else:1'] }),
  work('work/dialogue-twice', 'refused', goodWork((w) => w.dialogues.push({ ...w.dialogues[0]! })), { mentions: ['appears twice'] }),
  work('work/unknown-assignment', 'refused', goodWork((w) => (w.assignmentId = 'never-sent')), { mentions: ['never-sent'] }),
  work('work/other-codebook-hash', 'refused', goodWork((w) => (w.codebookHash = 'ffffffffffffffff')), { mentions: ['ffffffffffffffff'] }),
  work('work/an-assignment-given-as-work', 'refused', goodWork((w) => (w.maieutic = 'assignment')), { mentions: ['$.maieutic'] }),
  work('work/newer-version', 'refused', goodWork((w) => (w.version = 2)), { mentions: ['newer'] }),
  work('work/nothing-labelled', 'refused', goodWork((w) => (w.dialogues[0]!.turns = [])), { mentions: ['nothing to import'] }),
  // issue 30 point 9: the import's 64-level rule and words, with the line
  work('work/nested-100000-levels', 'refused', goodWork().replace('"version": 1,', `"version": 1,\n "note": ${nested(100_000)},`), { mentions: ['64 levels', 'line 4'] }),
  work('work/truncated', 'refused', goodWork().slice(0, 300), { mentions: ['not valid JSON'] }),
  work('work/empty-file', 'refused', ''),
  work('work/gbk-encoded', 'refused', gbkBytes(goodWork()), { mentions: ['GB18030'] }),
  // issue 30 point 5: over the limit of one file (64 MB), refused with the figure before it is parsed
  {
    id: 'work/over-the-size-limit',
    expect: 'refused',
    cli: null,
    runner: 'packages',
    mentions: ['64.0 MB'],
    build: (dir) => {
      const text = goodWork();
      return writeBytes(join(dir, 'work.json'), text.replace('"version": 1,', `"version": 1,\n "pad": "${'x'.repeat(65 * 1024 * 1024)}",`));
    },
  },
];
