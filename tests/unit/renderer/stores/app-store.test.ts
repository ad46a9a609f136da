import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../../renderer/src/stores/app/store';
import { fileNameStem, todayStamp } from '../../../../renderer/src/stores/export/file-names';
import { translate } from '../../../../renderer/src/i18n';
import { en } from '../../../../renderer/src/i18n/en';
import { zh } from '../../../../renderer/src/i18n/zh';

describe('app navigation store', () => {
  beforeEach(() => useAppStore.setState({ view: 'start', datasetId: null, dialogueId: null, visibleDialogueIds: [] }));

  it('opens a data set and a dialogue, and falls back to the start screen without one', () => {
    const app = useAppStore.getState();
    app.goTo('datasets');
    expect(useAppStore.getState().view).toBe('start');
    app.goTo('review');
    expect(useAppStore.getState().view).toBe('start');

    app.openDataset('ds1');
    app.openDialogue('ds1:src:3');
    expect(useAppStore.getState()).toMatchObject({ view: 'review', datasetId: 'ds1', dialogueId: 'ds1:src:3' });
    app.goTo('datasets');
    expect(useAppStore.getState()).toMatchObject({ view: 'datasets', dialogueId: 'ds1:src:3' });

    app.setVisibleDialogueIds(['a', 'b']);
    app.openDataset('ds2');
    expect(useAppStore.getState()).toMatchObject({ datasetId: 'ds2', dialogueId: null, visibleDialogueIds: [] });
  });

  it('opens the Rubric sets view from the Judge view or review and goes back there, review keeping its dialogue and its own way back', () => {
    const app = useAppStore.getState();
    app.openRubricSets('judge');
    expect(useAppStore.getState().view).toBe('start');
    app.openDataset('ds1');
    app.goTo('judge');
    app.openRubricSets('judge');
    expect(useAppStore.getState().view).toBe('rubrics');
    app.leaveRubricSets();
    expect(useAppStore.getState().view).toBe('judge');
    app.openDialogue('ds1:src:3', 'judge');
    app.openRubricSets('review');
    app.leaveRubricSets();
    expect(useAppStore.getState()).toMatchObject({ view: 'review', dialogueId: 'ds1:src:3', reviewReturnView: 'judge' });
  });

  it('only notifies subscribers when the visible order really changes', () => {
    let notified = 0;
    const stop = useAppStore.subscribe(() => {
      notified += 1;
    });
    useAppStore.getState().setVisibleDialogueIds(['a', 'b']);
    useAppStore.getState().setVisibleDialogueIds(['a', 'b']);
    useAppStore.getState().setVisibleDialogueIds(['b', 'a']);
    stop();
    expect(notified).toBe(2);
    expect(useAppStore.getState().visibleDialogueIds).toEqual(['b', 'a']);
  });
});

describe('i18n', () => {
  it('has the same keys in both languages, none empty', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    expect(Object.entries(en).filter(([, text]) => text.trim() === '')).toEqual([]);
    expect(Object.entries(zh).filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('fills placeholders and groups numbers', () => {
    expect(translate('en', 'dataset.showing', { shown: 1200, total: 2000 })).toBe('Showing 1,200 of 2,000 dialogues');
    expect(translate('zh', 'dataset.showing', { shown: 3, total: 4 })).toBe('显示 3 / 4 段对话');
    expect(translate('en', 'dataset.showing', { shown: 1, total: 1 })).toBe('Showing 1 of 1 dialogue');
    expect(translate('en', 'report.verdict.errors', { errors: 1 })).toBe('1 error · cannot be imported');
    expect(translate('en', 'report.verdict.errors', { errors: 0 })).toBe('0 errors · cannot be imported');
    expect(translate('en', 'report.skipped', { count: 3 })).toBe('3 files were skipped');
    expect(translate('en', 'dataset.showing')).toBe('Showing {shown} of {total} {total|dialogue|dialogues}');
  });
});

describe('export file names', () => {
  it('keeps Chinese and drops path-hostile characters', () => {
    expect(fileNameStem('试点 数据/第一批: GPT-4o?')).toBe('试点-数据-第一批-GPT-4o');
    expect(fileNameStem('../..')).toBe('maieutic');
    expect(todayStamp(new Date(2026, 0, 5))).toBe('20260105');
  });
});
