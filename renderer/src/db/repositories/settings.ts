import type { LabelLanguage } from '../../../../shared/codebook/types';
import type { MaieuticDb } from '../db';
import { ValidationError } from './validate';
import { checkedRow } from './row-checks';

export interface StoredSettings {
  reviewerName: string;
  labelLanguage: LabelLanguage;
}

export type SettingKey = keyof StoredSettings;

export const REVIEWER_NAME_MAX = 80;

export function isLabelLanguage(value: unknown): value is LabelLanguage {
  return value === 'zh' || value === 'en';
}

/** Trims and checks a reviewer name; empty means "not set yet". */
export function normalizeReviewerName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length > REVIEWER_NAME_MAX) throw new ValidationError(`The reviewer name is longer than ${REVIEWER_NAME_MAX} characters.`);
  // Control characters would break the CSV/JSONL exports the name is written into.
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) throw new ValidationError('The reviewer name contains control characters.');
  return trimmed;
}

function validateSetting<K extends SettingKey>(key: K, value: StoredSettings[K]): StoredSettings[K] {
  if (key === 'reviewerName') {
    if (typeof value !== 'string') throw new ValidationError('The reviewer name must be text.');
    return normalizeReviewerName(value) as StoredSettings[K];
  }
  if (key === 'labelLanguage') {
    if (!isLabelLanguage(value)) throw new ValidationError(`Unknown label language ${String(value)}.`);
    return value;
  }
  throw new ValidationError(`Unknown setting ${String(key)}.`);
}

/** Stored settings; a key never written, or holding a value that is no longer valid, is absent. */
export async function loadSettings(db: MaieuticDb): Promise<Partial<StoredSettings>> {
  const rows = await db.settings.bulkGet(['reviewerName', 'labelLanguage']);
  const [reviewerRow, languageRow] = rows;
  const settings: Partial<StoredSettings> = {};
  if (typeof reviewerRow?.value === 'string') {
    try {
      settings.reviewerName = normalizeReviewerName(reviewerRow.value);
    } catch {
      // An invalid stored name is treated as unset, so the app asks for it again.
    }
  }
  if (isLabelLanguage(languageRow?.value)) settings.labelLanguage = languageRow.value;
  return settings;
}

export async function saveSetting<K extends SettingKey>(db: MaieuticDb, key: K, value: StoredSettings[K]): Promise<StoredSettings[K]> {
  const valid = validateSetting(key, value);
  await db.settings.put(checkedRow('settings', { key, value: valid }));
  return valid;
}
