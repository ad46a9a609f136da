import { DEFAULT_CODEBOOK } from '../../shared/codebook';
import { DEFAULT_CONSISTENCY_RULES } from '../../shared/consistency';
import { parseSourceFile } from '../../shared/import';
import type { Turn } from '../../shared/model/dataset';
import { computeFindings, type FindingsInput } from '../../renderer/src/stores/consistency/compute';
import { median, round } from './bench-math';
import { generateSidJsonl } from './generate';
import type { BenchSection } from './sections';

const SIZES = [2_000, 20_000] as const;
const REPEATS = 3;

function inputsOf(text: string): FindingsInput[] {
  const parsed = parseSourceFile({ name: 'bench/x.jsonl', text }, { codebook: DEFAULT_CODEBOOK });
  return parsed.dialogues.map((dialogue, d) => {
    const id = `bench:${d}`;
    const turns: Turn[] = dialogue.turns.map((turn) => ({ ...turn, id: `${id}#${turn.index}`, dialogueId: id }));
    return { dialogue: { id }, turns, fieldReviews: [] };
  });
}

/**
 * The data set's consistency findings (the findings view), as the renderer computes them after
 * reading the rows: `totalMs` every dialogue checked (median of 3, chunks yielding with no delay),
 * `longestChunkMs` the longest stretch the main thread is held between two yields (what decides
 * whether the UI stays responsive; the view yields every 1,000 turns).
 */
export const consistencySection: BenchSection = {
  name: 'consistency',
  async run() {
    const results = [];
    for (const size of SIZES) {
      const items = inputsOf(generateSidJsonl({ dialogues: size, seed: 7 }));
      const turns = items.reduce((sum, item) => sum + item.turns.length, 0);
      const totals: number[] = [];
      const chunks: number[] = [];
      let findings = 0;
      for (let i = 0; i <= REPEATS; i++) {
        let mark = performance.now();
        const start = mark;
        const found = await computeFindings(items, DEFAULT_CODEBOOK, DEFAULT_CONSISTENCY_RULES, {
          yieldNow: async () => {
            const now = performance.now();
            if (i > 0) chunks.push(now - mark);
            mark = performance.now();
          },
        });
        if (i > 0) chunks.push(performance.now() - mark);
        // the first run warms the JIT up
        if (i > 0) totals.push(performance.now() - start);
        findings = found?.length ?? 0;
      }
      results.push({ dialogues: size, turns, findings, totalMs: round(median(totals)), longestChunkMs: round(Math.max(...chunks)) });
    }
    return results;
  },
};
