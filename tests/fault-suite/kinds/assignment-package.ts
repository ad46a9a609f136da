/**
 * Assignment packages an annotator opens (start view: *Import files…* or a drop), fed by
 * runners/packages.ts to the app's path: main's file reading, parseAssignmentPackage, then
 * openAssignment into a fresh profile. Nothing of a refused package may be written.
 */
import type { FieldValues } from '../../../shared/model/dataset';
import { buildAssignmentPackage, serializePackage, type AssignmentPackage } from '../../../shared/packages';
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { concat, join, nested, utf16, writeBytes } from '../builders';
import { gbkBytes } from '../gbk';
import type { FaultKind } from './kind';

type Json = Record<string, unknown>;

function goodAssignment(edit: (pkg: AssignmentPackage & Json) => void = () => {}, blind = true): string {
  const turns = [
    { index: 0, speaker: 'student' as const, speakerRaw: '学生', utterance: '为什么仙人掌的叶子是刺？', endMarker: false, pre: { discipline: { raw: '生物', codes: ['生物'], unknown: [], status: 'ok' as const } } },
    { index: 1, speaker: 'teacher' as const, speakerRaw: '教师', utterance: '<img src=x onerror=alert(1)> 你觉得沙漠里最缺少的是什么？', endMarker: false, pre: {} as FieldValues },
  ];
  const pkg = buildAssignmentPackage({
    id: 'assignment-1',
    createdAt: '2026-12-02T10:00:00.000Z',
    annotatorName: '王老师',
    dataset: { id: 'owner-dataset', name: 'Pilot' },
    // a copy: a kind edits the package's codebook, which must never be the app's own
    codebook: structuredClone(DEFAULT_CODEBOOK),
    blind,
    dialogues: [{ id: 'src:1', externalId: '7-3-1', teacherModel: 'GPT-4o', topicId: '7', topicText: '校园生态', studentId: '3', studentType: '知识掌握不足', scenario: '课堂探究', repeatId: '1', turns }],
  }) as AssignmentPackage & Json;
  edit(pkg);
  return serializePackage(pkg);
}

const assignment = (id: string, expect: FaultKind['expect'], content: string | Uint8Array, extra: Partial<FaultKind> = {}): FaultKind => ({
  id,
  expect,
  cli: null,
  runner: 'packages',
  build: (dir) => writeBytes(join(dir, 'assignment.json'), content),
  ...extra,
});

const firstDialogue = (pkg: AssignmentPackage) => pkg.dialogues[0]!;

export const ASSIGNMENT_PACKAGE_KINDS: readonly FaultKind[] = [
  // markup in an utterance is text: stored as written, never rendered as HTML
  assignment('assignment/valid-with-markup-in-an-utterance', 'accepted', goodAssignment()),
  assignment('assignment/valid-not-blind', 'accepted', goodAssignment(() => {}, false)),
  assignment('assignment/valid-utf16-with-bom', 'accepted', concat([0xfe, 0xff], utf16(goodAssignment(), 'be'))),
  assignment('assignment/codebook-label-edited', 'refused', goodAssignment((pkg) => (pkg.codebook.fields[2]!.labels[0]!.code = 'edited')), { mentions: ['$.codebookHash'] }),
  assignment('assignment/blind-with-pre-annotations', 'refused', goodAssignment((pkg) => (firstDialogue(pkg).turns[0]!.pre = { discipline: { raw: '生物', codes: ['生物'], unknown: [], status: 'ok' } })), { mentions: ['$.blind'] }),
  assignment('assignment/turns-out-of-order', 'refused', goodAssignment((pkg) => (firstDialogue(pkg).turns[1]!.index = 5)), { mentions: ['turns[1].index'] }),
  assignment('assignment/speaker-unknown', 'refused', goodAssignment((pkg) => ((firstDialogue(pkg).turns[0] as unknown as Json).speaker = 'robot')), { mentions: ['speaker'] }),
  assignment('assignment/no-dialogue', 'refused', goodAssignment((pkg) => (pkg.dialogues = [])), { mentions: ['holds no dialogue'] }),
  assignment('assignment/dialogue-twice', 'refused', goodAssignment((pkg) => pkg.dialogues.push(firstDialogue(pkg))), { mentions: ['appears twice'] }),
  assignment('assignment/work-given-as-assignment', 'refused', goodAssignment((pkg) => ((pkg as Json).maieutic = 'work')), { mentions: ['$.maieutic'] }),
  assignment('assignment/nested-100000-levels', 'refused', goodAssignment().replace('"version": 1,', `"version": 1,\n "note": ${nested(100_000, '1', '{"a":', '}')},`), { mentions: ['64 levels', 'line 4'] }),
  assignment('assignment/truncated', 'refused', goodAssignment().slice(0, 400), { mentions: ['not valid JSON'] }),
  assignment('assignment/gbk-encoded', 'refused', gbkBytes(goodAssignment()), { mentions: ['GB18030'] }),
];
