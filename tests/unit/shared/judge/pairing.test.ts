import { describe, expect, it } from 'vitest';
import { pairDialogues, pairwiseJobDefinition, pairwiseParameterProblems, SID_RUBRIC_SET, type PairableDialogue } from '../../../../shared/judge';

const d = (group: string, id: string, topicId: string | null, studentId: string | null, repeatId: string | null = null): PairableDialogue => ({ id, group, topicId, studentId, repeatId });

describe('pairDialogues', () => {
  it('pairs by topic and student, by repeat when both have one, and reports every dialogue left over with why', () => {
    const dialogues = [
      d('A', 'a1', 't1', 's1', '1'),
      d('A', 'a2', 't1', 's1', '2'),
      d('A', 'a3', 't2', 's1'),
      d('A', 'a4', 't3', 's1'),
      d('A', 'a5', null, 's1'),
      d('A', 'a6', 't4', 's1'),
      d('A', 'a7', 't4', 's1'),
      d('C', 'c1', 't1', 's1', '1'),
      d('B', 'b1', 't1', 's1', '1'),
      d('B', 'b3', 't1', 's1', '3'),
      d('B', 'b2', 't2', 's1', '9'),
      d('B', 'b6', 't4', 's1'),
      d('B', 'b9', 't9', 's9'),
    ];
    const pairing = pairDialogues(dialogues, 'A', 'B');
    expect(pairing.pairs).toEqual([
      { id: 't1-s1-1', a: 'a1', b: 'b1', topicId: 't1', studentId: 's1', repeatId: '1' },
      // only B has a repeat id here: one dialogue each side, matched by topic and student alone
      { id: 't2-s1', a: 'a3', b: 'b2', topicId: 't2', studentId: 's1', repeatId: null },
    ]);
    const reasons = Object.fromEntries(pairing.unpaired.map((entry) => [entry.dialogue, entry.reason]));
    expect(reasons).toEqual({ a2: 'no-partner', b3: 'no-partner', a4: 'no-partner', a5: 'no-ids', a6: 'ambiguous', a7: 'ambiguous', b6: 'ambiguous', b9: 'no-partner' });
    expect(pairing.unpaired.find((entry) => entry.dialogue === 'a2')?.message).toBe('a2 of A: B has no dialogue with topic t1, student s1, repeat 2');
    expect(pairing.unpaired.find((entry) => entry.dialogue === 'b9')?.message).toBe('b9 of B: A has no dialogue with topic t9, student s9');
    expect(pairing.unpaired.find((entry) => entry.dialogue === 'a5')?.message).toMatch(/no topic_id/);
    expect(pairing.otherGroups).toBe(1);
  });

  it('pairs neither of two dialogues holding one repeat id, nor pairs whose ids would coincide', () => {
    const twice = pairDialogues([d('A', 'a1', 't', 's', '1'), d('A', 'a2', 't', 's', '1'), d('B', 'b1', 't', 's', '1')], 'A', 'B');
    expect(twice.pairs).toEqual([]);
    expect(twice.unpaired.map((entry) => entry.reason)).toEqual(['same-repeat', 'same-repeat', 'same-repeat']);
    const clash = pairDialogues([d('A', 'a1', 'x-y', 'z'), d('B', 'b1', 'x-y', 'z'), d('A', 'a2', 'x', 'y-z'), d('B', 'b2', 'x', 'y-z')], 'A', 'B');
    expect(clash.pairs).toEqual([]);
    expect(clash.unpaired.map((entry) => `${entry.dialogue}:${entry.reason}`).sort()).toEqual(['a1:same-pair-id', 'a2:same-pair-id', 'b1:same-pair-id', 'b2:same-pair-id']);
    expect(() => pairDialogues([], 'A', 'A')).toThrow(/two groups/);
  });
});

describe('pairwiseJobDefinition', () => {
  it('carries only the paired dialogues under side-prefixed ids, both orders of each pair as items, and passes its own parameter check', () => {
    const turns = [{ speaker: 'teacher' as const, utterance: 'x' }];
    const dialogues = [
      { ...d('GPT', '1-1-1', '1', '1', '1'), turns },
      { ...d('GPT', '2-1-1', '2', '1', '1'), turns },
      { ...d('Qwen', '1-1-1', '1', '1', '1'), turns, context: { topic: '月相' } },
    ];
    const { definition, pairing } = pairwiseJobDefinition({ title: 't', connectionIds: ['c'], samples: 2, rubricSet: SID_RUBRIC_SET, language: 'en', reasoningFirst: false, groupA: 'GPT', groupB: 'Qwen', dialogues });
    expect(pairing.unpaired.map((entry) => entry.dialogue)).toEqual(['2-1-1']);
    expect(definition).toMatchObject({ kind: 'judge-pairwise', itemIds: ['ab:1-1-1', 'ba:1-1-1'], samples: 2, parameters: { groupA: 'GPT', groupB: 'Qwen', pairs: [{ id: '1-1-1', a: 'A:1-1-1', b: 'B:1-1-1' }] } });
    expect(definition!.parameters.dialogues.map((entry) => entry.id)).toEqual(['A:1-1-1', 'B:1-1-1']);
    expect(definition!.parameters.dialogues[1].context).toEqual({ topic: '月相' });
    expect(pairwiseParameterProblems(definition!)).toEqual([]);
    expect(pairwiseJobDefinition({ title: 't', connectionIds: ['c'], rubricSet: SID_RUBRIC_SET, language: 'en', reasoningFirst: false, groupA: 'GPT', groupB: 'Qwen', dialogues: dialogues.slice(1, 2) }).definition).toBeNull();
  });
});
