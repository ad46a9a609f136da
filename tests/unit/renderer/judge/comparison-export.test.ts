import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../../shared/judge/run-comparison';
import { comparisonCsv, comparisonMarkdown } from '../../../../renderer/src/stores/judge/comparison-export';
import { line, testRubricSet } from '../../shared/judge/support';

// one rubric, one teacher model, two dialogues; run B scores d2 one point lower
const set = testRubricSet(['A']);
const comparison = compareRuns(set, [
  { key: 'a', runId: 'a', runName: 'plain', judge: 'j', lines: [line('G', 'd1', 'j', 0, { A: 4 }), line('G', 'd2', 'j', 0, { A: 2 })] },
  { key: 'b', runId: 'b', runName: 'anchors', judge: 'j', lines: [line('G', 'd1', 'j', 0, { A: 4 }), line('G', 'd2', 'j', 0, { A: 1 })] },
]);

describe('run comparison exports', () => {
  it('CSV: one line per series with its baseline and difference (run B 2.5 − run A 3 = −0.5), then the agreement', () => {
    const lines = comparisonCsv(comparison).trim().split('\n');
    expect(lines[0]).toBe('group,rubric,run,judge,n,mean,sd,baseline,difference_from_baseline');
    expect(lines[1]).toBe('G,A,plain,j,2,3.0000,1.4142,,');
    expect(lines[2]).toBe('G,A,anchors,j,2,2.5000,2.1213,plain · j,-0.5000');
    // the agreement on A: [4, 2] against [4, 1] is a perfect line (r = 1); mean of A − B = (0 + 1) / 2;
    // quadratic κ on 1–5 (weights (i − j)²/16): observed (0 + 1/16)/2 = 1/32, expected from the
    // marginals ¼·(0 + 9 + 4 + 1)/16 = 7/32, κ = 1 − 1/7 = 0.8571
    expect(lines).toContain('agreement,A,plain · j,anchors · j,2,1.0000,0.8571,0.5000');
  });

  it('Markdown: the series side by side and the difference with its sign', () => {
    const text = comparisonMarkdown(comparison, 'Overall');
    expect(text.split('\n')[0]).toBe('| Teacher model | Rubric | plain · j | anchors · j | anchors · j − plain · j |');
    expect(text).toContain('| G | A | 3.00 (n=2) | 2.50 (n=2) | −0.50 |');
    expect(text).toContain('| G | Overall | 3.00 (n=2) | 2.50 (n=2) | −0.50 |');
  });
});
