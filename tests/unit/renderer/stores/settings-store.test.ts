import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { loadSettings } from '../../../../renderer/src/db/repositories/settings';
import { useNoticeStore } from '../../../../renderer/src/stores/notices/store';
import { createSettingsStore, defaultLabelLanguage } from '../../../../renderer/src/stores/settings/store';
import { freshDb } from '../fixtures';

describe('settings store', () => {
  let db: MaieuticDb;
  beforeEach(() => {
    db = freshDb();
    useNoticeStore.getState().clear();
  });
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  it('persists the reviewer name and label language across a restart', async () => {
    const first = createSettingsStore(() => db);
    await first.getState().load();
    expect(first.getState().reviewerName).toBe('');
    expect(await first.getState().setReviewerName('  王老师 ')).toBe(true);
    expect(await first.getState().setLabelLanguage('en')).toBe(true);
    expect(first.getState().reviewerName).toBe('王老师');

    const restarted = createSettingsStore(() => db);
    expect(restarted.getState().loaded).toBe(false);
    await restarted.getState().load();
    expect(restarted.getState()).toMatchObject({ reviewerName: '王老师', labelLanguage: 'en', loaded: true });
    expect(await loadSettings(db)).toEqual({ reviewerName: '王老师', labelLanguage: 'en' });
  });

  it('rejects an invalid value, keeps the previous one and reports why', async () => {
    const store = createSettingsStore(() => db);
    await store.getState().load();
    await store.getState().setReviewerName('Li');
    expect(await store.getState().setReviewerName('x'.repeat(81))).toBe(false);
    expect(await store.getState().setLabelLanguage('fr' as never)).toBe(false);
    expect(store.getState().reviewerName).toBe('Li');
    expect(await loadSettings(db)).toEqual({ reviewerName: 'Li' });
    expect(useNoticeStore.getState().notices.map((notice) => notice.detail)).toEqual([
      expect.stringContaining('longer than 80'),
      expect.stringContaining('Unknown label language'),
    ]);
  });

  it('ignores corrupt stored values instead of trusting them', async () => {
    await db.settings.bulkPut([{ key: 'reviewerName', value: 42 }, { key: 'labelLanguage', value: 'klingon' }]);
    expect(await loadSettings(db)).toEqual({});
  });

  it('starts in the system language', () => {
    expect(defaultLabelLanguage('zh-CN')).toBe('zh');
    expect(defaultLabelLanguage('zh-Hant-TW')).toBe('zh');
    expect(defaultLabelLanguage('en-US')).toBe('en');
    expect(defaultLabelLanguage(undefined)).toBe('en');
  });
});
