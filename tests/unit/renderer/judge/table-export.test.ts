import { describe, expect, it } from 'vitest';
import { buildScoreIndex, panelAggregate, tableOne } from '../../../../shared/judge';
import { panelView, tableOneCsv, tableOneView } from '../../../../renderer/src/stores/judge/table-export';
import { line, testRubricSet } from '../../shared/judge/support';

const set = testRubricSet(['A']);

describe('Table I layout', () => {
  it('puts teacher models in natural order of their names, not in the order results arrived', () => {
    const index = buildScoreIndex(set, [line('model-10', 'd1', 'j', 0, { A: 3 }), line('Model-9', 'd2', 'j', 0, { A: 4 }), line('model-2', 'd3', 'j', 0, { A: 5 })]);
    expect(tableOneView(tableOne(index), set, 'j', 'en', 'Overall').groups).toEqual(['model-2', 'Model-9', 'model-10']);
  });

  it('shows the panel with the dialogues a judge left out counted as incomplete', () => {
    // d1 both judges (3 and 5 → mean 4, median 4), d2 only j1 → incomplete
    const index = buildScoreIndex(set, [line('G', 'd1', 'j1', 0, { A: 3 }), line('G', 'd1', 'j2', 0, { A: 5 }), line('G', 'd2', 'j1', 0, { A: 1 })]);
    const view = panelView(panelAggregate(index, { method: 'mean' }), set, 'en', 'Overall');
    expect(view.rows[0].cells[0]).toMatchObject({ n: 1, mean: 4, incomplete: 1 });
    expect(tableOneCsv(view, 'panel (mean)').split('\n')[0]).toBe('judge,rubric,group,n,mean,sd,failed,incomplete');
    expect(tableOneCsv(view, 'panel (mean)').split('\n')[1]).toBe('panel (mean),A,G,1,4.00,,0,1');
  });
});
