import { create } from 'zustand';
import type { LabelLanguage } from '../../../../shared/codebook/types';
import { getDb, type MaieuticDb } from '../../db/db';
import { loadSettings, saveSetting, type SettingKey, type StoredSettings } from '../../db/repositories/settings';
import { reportError } from '../notices/store';

export interface SettingsState {
  /** who is reviewing; empty until the user enters it (review asks for it before any edit) */
  reviewerName: string;
  labelLanguage: LabelLanguage;
  /** true once the stored settings have been read */
  loaded: boolean;
  load(): Promise<void>;
  /** resolves to false (and reports why) when the value is invalid or could not be stored */
  setReviewerName(name: string): Promise<boolean>;
  setLabelLanguage(language: LabelLanguage): Promise<boolean>;
}

/** The first-run language follows the system: Chinese systems get Chinese labels. */
export function defaultLabelLanguage(locale: string | undefined): LabelLanguage {
  return locale?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

function systemLocale(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language;
}

/** A factory so tests get a store over their own database. */
export function createSettingsStore(database: () => MaieuticDb = getDb) {
  return create<SettingsState>()((set, get) => {
    async function persist<K extends SettingKey>(key: K, value: StoredSettings[K]): Promise<boolean> {
      const previous = get()[key];
      try {
        const valid = await saveSetting(database(), key, value);
        set({ [key]: valid } as Pick<StoredSettings, K>);
        return true;
      } catch (error) {
        set({ [key]: previous } as Pick<StoredSettings, K>);
        reportError(error, 'notice.context.saveSettings');
        return false;
      }
    }

    return {
      reviewerName: '',
      labelLanguage: defaultLabelLanguage(systemLocale()),
      loaded: false,
      async load() {
        try {
          const stored = await loadSettings(database());
          set({ ...stored, loaded: true });
        } catch (error) {
          set({ loaded: true });
          reportError(error, 'notice.context.loadSettings');
        }
      },
      setReviewerName(name) {
        return persist('reviewerName', name);
      },
      setLabelLanguage(language) {
        return persist('labelLanguage', language);
      },
    };
  });
}

export const useSettingsStore = createSettingsStore();
