import type { SamplingParameters } from '../llm/connection';
import type { JudgeJobDialogue } from './job-result';
import { pairDialogues, type PairableDialogue, type Pairing } from './pairing';
import { pairwiseItemIds, type PairwiseJobDefinition } from './pairwise-job';
import { rubricSetHash } from './rubric-hash';
import type { JudgeLanguage, RubricSet } from './types';

/** A dialogue as a pairwise job is built from: its pairing fields and what the judge is shown. */
export interface PairwiseSourceDialogue extends PairableDialogue {
  turns: JudgeJobDialogue['turns'];
  context?: JudgeJobDialogue['context'];
}

export interface PairwiseJobRequest {
  title: string;
  connectionIds: string[];
  samples?: number;
  rubricSet: RubricSet;
  language: JudgeLanguage;
  reasoningFirst: boolean;
  sampling?: SamplingParameters;
  groupA: string;
  groupB: string;
  dialogues: readonly PairwiseSourceDialogue[];
}

/**
 * The job comparing group A with group B: the dialogues paired (pairDialogues), every pair in
 * both orders as items, only the paired dialogues carried, under job ids `A:<id>` / `B:<id>`
 * (a dialogue id may repeat across groups). `pairing` says what was left unpaired and why.
 * `definition` is null when nothing pairs.
 */
export function pairwiseJobDefinition(request: PairwiseJobRequest): { definition: PairwiseJobDefinition | null; pairing: Pairing } {
  const pairing = pairDialogues(request.dialogues, request.groupA, request.groupB);
  if (pairing.pairs.length === 0) return { definition: null, pairing };
  const byKey = new Map(request.dialogues.map((dialogue) => [JSON.stringify([dialogue.group, dialogue.id]), dialogue]));
  const carried = (side: 'A' | 'B', group: string, id: string): JudgeJobDialogue => {
    const source = byKey.get(JSON.stringify([group, id]))!;
    return { id: `${side}:${id}`, turns: source.turns, ...(source.context ? { context: source.context } : {}) };
  };
  const definition: PairwiseJobDefinition = {
    kind: 'judge-pairwise',
    title: request.title,
    connectionIds: request.connectionIds,
    itemIds: pairwiseItemIds(pairing.pairs),
    ...(request.samples !== undefined ? { samples: request.samples } : {}),
    parameters: {
      rubricSet: request.rubricSet,
      rubricSetHash: rubricSetHash(request.rubricSet),
      language: request.language,
      reasoningFirst: request.reasoningFirst,
      ...(request.sampling ? { sampling: request.sampling } : {}),
      groupA: request.groupA,
      groupB: request.groupB,
      dialogues: pairing.pairs.flatMap((pair) => [carried('A', request.groupA, pair.a), carried('B', request.groupB, pair.b)]),
      pairs: pairing.pairs.map((pair) => ({ id: pair.id, a: `A:${pair.a}`, b: `B:${pair.b}` })),
    },
  };
  return { definition, pairing };
}
