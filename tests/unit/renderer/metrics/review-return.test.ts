/** Review opened from the metrics view goes back there; opened from the data-set table, back to the table. */
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../../renderer/src/stores/app/store';

describe('where review goes back to', () => {
  beforeEach(() => useAppStore.setState({ view: 'start', datasetId: null, dialogueId: null, visibleDialogueIds: [], reviewReturnView: 'datasets' }));

  it('returns to Metrics when opened from Metrics, also after stepping to the next dialogue', () => {
    const app = useAppStore.getState();
    app.openDataset('ds1');
    app.goTo('metrics');
    app.openDialogue('d1', 'metrics');
    expect(useAppStore.getState()).toMatchObject({ view: 'review', dialogueId: 'd1', reviewReturnView: 'metrics' });
    // "next dialogue" in review opens another without saying where from
    app.openDialogue('d2');
    app.leaveReview();
    expect(useAppStore.getState()).toMatchObject({ view: 'metrics', dialogueId: 'd2' });
  });

  it('returns to the data-set table when opened from it, even after an earlier visit from Metrics', () => {
    const app = useAppStore.getState();
    app.openDataset('ds1');
    app.openDialogue('d1', 'metrics');
    app.leaveReview();
    app.goTo('datasets');
    app.openDialogue('d3');
    app.leaveReview();
    expect(useAppStore.getState().view).toBe('datasets');
    // another data set starts from its table
    app.openDialogue('d1', 'metrics');
    app.openDataset('ds2');
    expect(useAppStore.getState().reviewReturnView).toBe('datasets');
  });
});
