import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { DEFAULT_CONSISTENCY_RULES } from '../../../../shared/consistency';
import { computeFindings, type FindingsInput } from '../../../../renderer/src/stores/consistency/compute';
import { turn } from '../../shared/consistency/dialogue-fixture';

/** n dialogues of two turns, each with a teacher intent outside the codebook on its teacher turn */
function inputs(n: number): FindingsInput[] {
  return Array.from({ length: n }, (_, d) => {
    const id = `d${d}`;
    const turns = [turn(0, 'student', {}), turn(1, 'teacher', { teacher_intent: '随便聊聊' })].map((t) => ({ ...t, id: `${id}#${t.index}`, dialogueId: id }));
    return { dialogue: { id }, turns, fieldReviews: [] };
  });
}

describe('computeFindings', () => {
  it('checks every dialogue, yielding between chunks and reporting progress in turns', async () => {
    const progress: [number, number][] = [];
    let yields = 0;
    const found = await computeFindings(inputs(10), DEFAULT_CODEBOOK, DEFAULT_CONSISTENCY_RULES, {
      chunkTurns: 6,
      onProgress: (done, total) => progress.push([done, total]),
      yieldNow: async () => {
        yields++;
      },
    });
    expect(found?.map((finding) => finding.dialogueId)).toEqual(Array.from({ length: 10 }, (_, d) => `d${d}`));
    expect(yields).toBe(3);
    expect(progress).toEqual([[0, 20], [6, 20], [12, 20], [18, 20], [20, 20]]);
  });

  it('stops at the next yield once cancelled', async () => {
    let cancelled = false;
    const found = await computeFindings(inputs(10), DEFAULT_CODEBOOK, DEFAULT_CONSISTENCY_RULES, {
      chunkTurns: 4,
      yieldNow: async () => {
        cancelled = true;
      },
      isCancelled: () => cancelled,
    });
    expect(found).toBeNull();
  });
});
