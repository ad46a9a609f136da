import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { expertValue, toSidJsonl } from '../../../../shared/export';
import type { ExportDialogue } from '../../../../shared/export';
import { toStoredDialogue } from '../../../../shared/import';
import type { ParsedFile, Turn } from '../../../../shared/model/dataset';
import type { FieldReview } from '../../../../shared/model/review';
import { reviewedTurns } from '../../../../shared/spot-check/provenance';
import { annotation, fixtureText, parseText, sidLine } from '../support';

function exportItems(file: ParsedFile, reviews: FieldReview[] = []): ExportDialogue[] {
  return file.dialogues.map((parsed) => {
    const { dialogue, turns } = toStoredDialogue(parsed, { datasetId: 'ds', sourceId: 'src', file: file.file });
    return { dialogue, turns, fieldReviews: reviews.filter((review) => review.dialogueId === dialogue.id), turnReviews: [], dialogueReview: null };
  });
}

function review(turn: Turn, fieldId: string, decision: FieldReview['decision'], codes: string[], text: string | null = null): FieldReview {
  return { id: `${turn.id}|${fieldId}`, turnId: turn.id, dialogueId: turn.dialogueId, fieldId, decision, codes, text, reviewer: 'wang', at: '2025-01-02T03:04:05.000Z' };
}

/** Everything a round trip must keep, raw values included; the provenance key is the export's own addition. */
function comparable(file: ParsedFile) {
  return file.dialogues.map((dialogue) => ({
    externalId: dialogue.externalId,
    topic: [dialogue.topicId, dialogue.topicText, dialogue.studentId, dialogue.studentType, dialogue.scenario, dialogue.repeatId],
    extra: Object.fromEntries(Object.entries(dialogue.extra).filter(([key]) => key !== 'maieutic')),
    turns: dialogue.turns.map((turn) => ({
      speaker: turn.speaker,
      speakerRaw: turn.speakerRaw,
      utterance: turn.utterance,
      endMarker: turn.endMarker,
      pre: turn.pre,
    })),
  }));
}

const canonical = [
  sidLine(
    [
      ['学生', '为什么仙人掌的叶子是刺？'],
      ['教师', '你觉得沙漠里最缺少的是什么？'],
      ['学生', '水！[结束]'],
    ],
    [
      annotation('学生', '为什么仙人掌的叶子是刺？', { discipline: '生物', discipline_transfer: '否', student_cognition_state: '模糊理解', cognitive_level: '记忆' }),
      annotation('教师', '你觉得沙漠里最缺少的是什么？', { teacher_intent: '引导推理', teaching_strategy: '追问, 提示', discipline: '生物, 地理', discipline_transfer: '是', teacher_guidance_level: 'L2', cognitive_level: '理解' }),
      annotation('学生', '水！[结束]', { discipline: '地理', discipline_transfer: '否', student_cognition_state: '理解', cognitive_level: '记忆' }),
    ],
    { topic_id: 7, topic_text: '校园生态', student_id: 3, student_type: '全优型', scenario: '课堂探究', repeat_id: 1, run: { seed: 42 } },
  ),
].join('\n');

/** A record spelled the way LLM output is: 老师 for 教师, odd separators and keys the model does not hold. */
const untidy = JSON.stringify({
  topic_id: 9,
  student_id: 1,
  repeat_id: 2,
  model_meta: { temperature: 0.8 },
  dialogue: [
    { role: '老师', content: '沙漠里缺什么？', ts: 1 },
    { role: '学生', content: '水吧。', ts: 2, mood: 'unsure' },
  ],
  annotations: [
    { ...annotation('老师', '沙漠里缺什么？', { teacher_intent: '引导推理', teaching_strategy: '追问、提示', discipline: '生物,地理', discipline_transfer: 'Yes', teacher_guidance_level: 'L2（解释型）', cognitive_level: '理解（Understand）' }), confidence: 0.9 },
    { ...annotation('学生', '水吧。', { discipline: '地理', discipline_transfer: '否', student_cognition_state: '模糊理解', cognitive_level: '记忆' }), confidence: 0.4, notes: ['short'] },
  ],
});

describe('toSidJsonl round trip', () => {
  it('parse → export without reviews → parse gives the same turns and pre values', () => {
    const first = parseText('GPT-4o/a.jsonl', canonical);
    const exported = toSidJsonl(exportItems(first), DEFAULT_CODEBOOK);
    const second = parseText('GPT-4o/a.jsonl', exported);
    expect(second.issues.filter((issue) => issue.severity === 'error')).toEqual([]);
    expect(comparable(second)).toEqual(comparable(first));
    expect(second.dialogues[0].turns.every((turn) => turn.alignment === 'exact')).toBe(true);
  });

  it('writes SID values exactly as a SID file holds them', () => {
    const record = JSON.parse(toSidJsonl(exportItems(parseText('a.jsonl', canonical)), DEFAULT_CODEBOOK)) as Record<string, unknown>;
    expect(Object.keys(record)).toEqual(['topic_id', 'topic_text', 'student_id', 'student_type', 'scenario', 'repeat_id', 'run', 'dialogue', 'annotations', 'maieutic']);
    expect(record.topic_id).toBe(7);
    expect(record.run).toEqual({ seed: 42 });
    const annotations = record.annotations as Record<string, string>[];
    expect(annotations[1]).toEqual({
      speaker: '教师',
      utterance: '你觉得沙漠里最缺少的是什么？',
      teacher_intent: '引导推理',
      teaching_strategy: '追问, 提示',
      discipline: '生物, 地理',
      discipline_transfer: '是',
      student_cognition_state: '',
      teacher_guidance_level: 'L2',
      cognitive_level: '理解',
    });
    expect(annotations[2].student_cognition_state).toBe('理解');
  });

  it('round-trips raw spellings and the keys of turns and annotations the model does not hold', () => {
    const first = parseText('GPT-4o/a.jsonl', untidy);
    const exported = toSidJsonl(exportItems(first), DEFAULT_CODEBOOK);
    const second = parseText('GPT-4o/a.jsonl', exported);
    expect(comparable(second)).toEqual(comparable(first));
    const record = JSON.parse(exported) as { dialogue: Record<string, unknown>[]; annotations: Record<string, unknown>[] };
    expect(record.dialogue).toEqual([
      { role: '老师', content: '沙漠里缺什么？', ts: 1 },
      { role: '学生', content: '水吧。', ts: 2, mood: 'unsure' },
    ]);
    expect(record.annotations[0]).toMatchObject({ speaker: '老师', teaching_strategy: '追问、提示', discipline: '生物,地理', discipline_transfer: 'Yes', teacher_guidance_level: 'L2（解释型）', confidence: 0.9 });
    expect(record.annotations[1]).toMatchObject({ confidence: 0.4, notes: ['short'] });
    expect(Object.keys(record)).not.toContain('__turnExtras');
    expect(Object.keys(record)).not.toContain('__annotationExtras');
  });

  it('writes unreviewed values as imported, merged values as labels, and keeps unresolved conflicts raw', () => {
    const file = parseText('a.jsonl', fixtureText('sid-split-summary.jsonl'));
    const exported = toSidJsonl(exportItems(file), DEFAULT_CODEBOOK);
    const [record] = exported.trimEnd().split('\n').map((line) => JSON.parse(line) as { annotations: Record<string, string>[]; dialogue: unknown[] });
    expect(record.dialogue).toHaveLength(12);
    expect(record.annotations).toHaveLength(12);
    expect(record.annotations[7].discipline).toBe('地理，生物');
    expect(record.annotations[11].discipline).toBe('生物, 地理');
    expect(record.annotations[11].teacher_intent).toBe('总结提升 | 总结提升 | 引发迁移');
    expect(record.annotations[11].utterance).toBe(file.dialogues[0].turns[11].utterance);
    expect(exported.endsWith('\n')).toBe(true);
    const again = parseText('a.jsonl', exported);
    expect(again.dialogues[1].turns[0].utterance).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('expert values and provenance', () => {
  const file = parseText('a.jsonl', canonical);
  const [item] = exportItems(file);
  const [student, teacher, last] = item.turns;
  const reviews = [
    review(teacher, 'teacher_intent', 'changed', ['check_understanding']),
    review(teacher, 'teaching_strategy', 'accepted', ['follow_up_questioning', 'provide_hints']),
    review(last, 'student_cognition_state', 'changed', ['clear_understanding']),
    review(student, 'cognitive_level', 'unsure', ['understand']),
    review(teacher, 'teacher_guidance_level', 'changed', ['L3']),
  ];
  const reviewed: ExportDialogue = {
    ...item,
    fieldReviews: reviews,
    turnReviews: [{ id: teacher.id, dialogueId: teacher.dialogueId, verified: true, reviewer: 'wang', at: '2025-01-02T03:05:00.000Z' }],
    dialogueReview: { id: item.dialogue.id, status: 'in-progress', reviewer: 'wang', at: '2025-01-02T03:06:00.000Z', teacherModel: 'GPT-4o-mini' },
  };

  it('stores the dialogue with database ids and counts its flagged values', () => {
    expect(item.dialogue).toMatchObject({ id: 'src:1', datasetId: 'ds', sourceId: 'src', turnCount: 3, flaggedCount: 1, file: 'a.jsonl', line: 1 });
    expect(item.turns.map((turn) => turn.id)).toEqual(['src:1#0', 'src:1#1', 'src:1#2']);
  });

  it('expertValue prefers the review, else the pre-annotation', () => {
    const intent = DEFAULT_CODEBOOK.fields[2];
    expect(expertValue(teacher, intent, reviews[0])).toEqual({ source: 'expert', codes: ['check_understanding'], text: '', unresolved: false, asImported: false });
    expect(expertValue(teacher, intent, undefined)).toEqual({ source: 'pre', codes: ['guide_reasoning'], text: '引导推理', unresolved: false, asImported: true });
    const state = DEFAULT_CODEBOOK.fields[6];
    expect(expertValue(last, state, undefined)).toEqual({ source: 'pre', codes: [], text: '理解', unresolved: true, asImported: true });
    expect(expertValue({ ...teacher, pre: {} }, intent, undefined).source).toBe('missing');
  });

  it('writes reviewed values in Chinese and the provenance under "maieutic"', () => {
    const record = JSON.parse(toSidJsonl([reviewed], DEFAULT_CODEBOOK)) as { annotations: Record<string, string>[]; maieutic: Record<string, unknown> };
    expect(record.annotations[1].teacher_intent).toBe('检测理解');
    expect(record.annotations[1].teacher_guidance_level).toBe('L3');
    expect(record.annotations[2].student_cognition_state).toBe('清晰理解');
    // marked unsure: left empty by default, the guess written only when asked for
    expect(record.annotations[0].cognitive_level).toBe('');
    const guessed = JSON.parse(toSidJsonl([reviewed], DEFAULT_CODEBOOK, { unsureValues: 'guess' })) as typeof record;
    expect(guessed.annotations[0].cognitive_level).toBe('理解');
    const provenance = record.maieutic as { status: string; teacherModel: string; turns: { index: number; verified: boolean; fields: Record<string, { decision: string; pre: string }> }[] };
    expect(provenance).toMatchObject({ version: 5, unsureValues: 'empty', dialogueId: 'src:1', externalId: '7-3-1', status: 'in-progress', reviewer: 'wang', teacherModel: 'GPT-4o-mini' });
    expect(provenance.turns.map((turn) => turn.verified)).toEqual([false, true, false]);
    expect(provenance.turns[1].fields.teacher_intent).toEqual({ decision: 'changed', pre: '引导推理', reviewer: 'wang', at: '2025-01-02T03:04:05.000Z' });
    expect(Object.keys(provenance.turns[0].fields)).toEqual(['cognitive_level']);
  });

  it('a spot-check of the export skips an unsure label left empty (its guess is not in the file), and reads the guess when it was written', () => {
    const readBack = (options?: Parameters<typeof toSidJsonl>[2]) => {
      const read = reviewedTurns(parseText('GPT-4o/a.jsonl', toSidJsonl([reviewed], DEFAULT_CODEBOOK, options)).dialogues[0], DEFAULT_CODEBOOK);
      if (!read.ok) throw new Error(read.problem);
      return read.turns.find((turn) => turn.turnIndex === 0);
    };
    // left empty: the student turn's only reviewed field is the unsure one, so nothing of that turn is checked
    expect(readBack()).toBeUndefined();
    expect(readBack({ unsureValues: 'guess' })?.expert.get('cognitive_level')).toEqual(['understand']);
  });

  it("names the layer a decision was taken against when the suggestion shown was a layer's, not the imported one", () => {
    const fromLayer = { ...reviewed, fieldReviews: reviewed.fieldReviews.map((review) => (review.fieldId === 'teacher_intent' ? { ...review, decision: 'accepted' as const, suggestionLayerId: 'layer-qwen' } : review)) };
    const record = JSON.parse(toSidJsonl([fromLayer], DEFAULT_CODEBOOK)) as { maieutic: { turns: { fields: Record<string, Record<string, unknown>> }[] } };
    expect(record.maieutic.turns[1].fields.teacher_intent).toEqual({ decision: 'accepted', pre: '引导推理', suggestionLayerId: 'layer-qwen', acceptance: 'unknown', reviewer: 'wang', at: '2025-01-02T03:04:05.000Z' });
    expect(record.maieutic.turns[0].fields.cognitive_level).not.toHaveProperty('suggestionLayerId');
  });

  it('does not carry an imported "maieutic" key twice', () => {
    const exported = toSidJsonl([reviewed], DEFAULT_CODEBOOK);
    const reimported = parseText('b.jsonl', exported);
    expect(reimported.dialogues[0].extra.maieutic).toBeDefined();
    const again = JSON.parse(toSidJsonl(exportItems(reimported), DEFAULT_CODEBOOK)) as { maieutic: { status: string } };
    expect(again.maieutic.status).toBe('unreviewed');
  });
});

describe('a corrected utterance', () => {
  const file = parseText('GPT-4o/a.jsonl', canonical);
  const [item] = exportItems(file);
  const [, teacher, last] = item.turns;
  const corrected = '沙漠里最缺少什么？';
  const reviewed: ExportDialogue = {
    ...item,
    fieldReviews: [
      review(teacher, 'utterance', 'changed', [], corrected),
      review(teacher, 'teacher_intent', 'changed', ['check_understanding']),
      review(last, 'student_cognition_state', 'changed', ['clear_understanding']),
    ],
  };
  const exported = toSidJsonl([reviewed], DEFAULT_CODEBOOK);
  const record = JSON.parse(exported) as {
    dialogue: { content: string }[];
    annotations: Record<string, string>[];
    maieutic: { turns: { originalUtterance?: string }[] };
  };

  it('is written in both the dialogue and the annotation, the imported text kept in the provenance', () => {
    expect(record.dialogue[1].content).toBe(corrected);
    expect(record.annotations[1].utterance).toBe(corrected);
    expect(record.maieutic.turns[1].originalUtterance).toBe('你觉得沙漠里最缺少的是什么？');
    expect(record.maieutic.turns.map((turn) => 'originalUtterance' in turn)).toEqual([false, true, false]);
  });

  it('re-imports with every turn aligned exactly and the expert labels as the new pre-annotation', () => {
    const again = parseText('GPT-4o/a.jsonl', exported);
    const turns = again.dialogues[0].turns;
    expect(again.issues.filter((issue) => issue.code === 'unaligned-annotation')).toEqual([]);
    expect(turns.map((turn) => turn.alignment)).toEqual(['exact', 'exact', 'exact']);
    expect(turns[1].utterance).toBe(corrected);
    expect(turns[1].pre.teacher_intent).toMatchObject({ raw: '检测理解', codes: ['check_understanding'], status: 'ok' });
    expect(turns[2].pre.student_cognition_state).toMatchObject({ raw: '清晰理解', codes: ['clear_understanding'], status: 'ok' });
  });

  it('a reviewed utterance without text keeps the turn text', () => {
    const accepted = toSidJsonl([{ ...item, fieldReviews: [review(teacher, 'utterance', 'accepted', [], null)] }], DEFAULT_CODEBOOK);
    const parsed = JSON.parse(accepted) as typeof record;
    expect(parsed.dialogue[1].content).toBe(teacher.utterance);
    expect(parsed.annotations[1].utterance).toBe(teacher.utterance);
  });
});

describe('a corrected speaker', () => {
  const file = parseText('GPT-4o/a.jsonl', canonical);
  const [item] = exportItems(file);
  const [first, teacher, last] = item.turns;
  // the last turn was the teacher's summary, imported as the student's: the expert says so and labels it as the teacher's
  const reviewed: ExportDialogue = {
    ...item,
    fieldReviews: [
      review(last, 'speaker', 'changed', ['teacher']),
      review(last, 'teacher_intent', 'changed', ['summarize_elevate']),
      review(last, 'teacher_guidance_level', 'changed', ['L3']),
      review(first, 'speaker', 'accepted', ['student']),
    ],
  };
  const exported = toSidJsonl([reviewed], DEFAULT_CODEBOOK);
  const record = JSON.parse(exported) as {
    dialogue: { role: string; content: string }[];
    annotations: Record<string, string>[];
    maieutic: { version: number; turns: { originalSpeaker?: string; values: Record<string, string> }[] };
  };

  it('is written where a re-import reads the transcript, the imported role kept in the provenance', () => {
    expect(record.dialogue.map((turn) => turn.role)).toEqual(['学生', '教师', '教师']);
    expect(record.annotations[2].speaker).toBe('教师');
    expect(record.maieutic.turns[2].originalSpeaker).toBe('学生');
    // an accepted speaker is no correction: its role stays as imported, with nothing to keep
    expect(record.maieutic.turns.map((turn) => 'originalSpeaker' in turn)).toEqual([false, false, true]);
    expect(record.maieutic.turns[2].values.speaker).toBe('changed');
  });

  it('re-imports aligned, with the corrected speaker and the labels the expert left on that turn', () => {
    const again = parseText('GPT-4o/a.jsonl', exported);
    expect(again.issues.filter((issue) => issue.code === 'unaligned-annotation')).toEqual([]);
    const turns = again.dialogues[0].turns;
    expect(turns.map((turn) => turn.alignment)).toEqual(['exact', 'exact', 'exact']);
    expect(turns.map((turn) => turn.speaker)).toEqual(['student', 'teacher', 'teacher']);
    expect(turns[2].pre.speaker).toMatchObject({ codes: ['teacher'], status: 'ok' });
    expect(turns[2].pre.teacher_intent).toMatchObject({ codes: ['summarize_elevate'], status: 'ok' });
    expect(turns[2].pre.teacher_guidance_level).toMatchObject({ codes: ['L3'], status: 'ok' });
    expect(turns[1].speaker).toBe(teacher.speaker);
  });

  it('a spot-check of the re-imported file reads the corrected turn as the teacher\'s', () => {
    const again = parseText('GPT-4o/a.jsonl', exported);
    const read = reviewedTurns(again.dialogues[0], DEFAULT_CODEBOOK);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const corrected = read.turns.find((turn) => turn.expert.has('teacher_intent'));
    expect(corrected?.speaker).toBe('teacher');
    expect(corrected?.expert.get('teacher_intent')).toEqual(['summarize_elevate']);
  });
});

describe('keys named __proto__ or constructor in a source', () => {
  const text =
    '{"topic_id": 1, "__proto__": {"polluted": 1}, "constructor": "c", ' +
    '"dialogue": [{"role": "教师", "content": "为什么？", "__proto__": {"x": 1}}], ' +
    '"annotations": [{"speaker": "教师", "utterance": "为什么？", "teacher_intent": "引导推理", "constructor": 5}]}';
  const file = parseText('a.jsonl', text);
  const { extra } = file.dialogues[0];

  it('stay ordinary data on the dialogue, never a prototype', () => {
    expect(Object.getPrototypeOf(extra)).toBe(Object.prototype);
    expect((extra as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.hasOwn(extra, '__proto__')).toBe(true);
    expect(Object.hasOwn(extra, 'constructor')).toBe(true);
    expect(JSON.parse(JSON.stringify(extra)) as unknown).toMatchObject({ constructor: 'c' });
  });

  it('are written back where they were', () => {
    const record = JSON.parse(toSidJsonl(exportItems(file), DEFAULT_CODEBOOK)) as Record<string, unknown> & {
      dialogue: Record<string, unknown>[];
      annotations: Record<string, unknown>[];
    };
    expect(Object.hasOwn(record, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(record, '__proto__')?.value).toEqual({ polluted: 1 });
    expect(record.constructor).toBe('c');
    expect(Object.getOwnPropertyDescriptor(record.dialogue[0], '__proto__')?.value).toEqual({ x: 1 });
    expect(Object.getOwnPropertyDescriptor(record.annotations[0], 'constructor')?.value).toBe(5);
  });
});

describe('an annotation that matched no turn', () => {
  const text = sidLine(
    [
      ['学生', '为什么仙人掌的叶子是刺？'],
      ['教师', '你觉得沙漠里最缺少的是什么？'],
    ],
    [
      annotation('学生', '为什么仙人掌的叶子是刺？', { cognitive_level: '记忆' }),
      annotation('教师', '你觉得沙漠里最缺少的是什么？', { teacher_intent: '引导推理' }),
      annotation('教师', '这一句不在对话里。', { teacher_intent: '总结提升' }),
    ],
  );

  it('survives export → import → export: restored from the provenance, written there again', () => {
    const first = parseText('GPT-4o/a.jsonl', text);
    expect(first.dialogues[0].unaligned.map((entry) => entry.utterance)).toEqual(['这一句不在对话里。']);
    const exported = toSidJsonl(exportItems(first), DEFAULT_CODEBOOK);

    const again = parseText('GPT-4o/a.jsonl', exported);
    const [restored] = again.dialogues[0].unaligned;
    expect(restored).toMatchObject({ index: 2, speakerRaw: '教师', utterance: '这一句不在对话里。' });
    expect(restored.raw).toEqual(first.dialogues[0].unaligned[0].raw);
    // the reader is told, as on the first import
    expect(again.issues.filter((issue) => issue.code === 'unaligned-annotation').map((issue) => issue.message)).toEqual([expect.stringContaining('carried over')]);

    const twice = JSON.parse(toSidJsonl(exportItems(again), DEFAULT_CODEBOOK)) as { maieutic: { unaligned: { index: number; raw: unknown }[] } };
    expect(twice.maieutic.unaligned).toEqual([{ index: 2, raw: first.dialogues[0].unaligned[0].raw }]);
  });
});
