/**
 * Settings rows: a key and its value; the values of the keys the app reads are held to the rules
 * it saves them by (settings.ts, backup-settings.ts, suggestions.ts, adjudications.ts). Other keys
 * hold whatever their feature stored.
 */
import type { SettingRow } from '../../../../../shared/model/setting';
import { normalizeReviewerName } from '../settings';
import { anything, both, integer, list, oneOf, refusedBy, shape, text, type Check } from './check';

const VALUE_OF: Record<string, Check> = {
  reviewerName: refusedBy((value) => {
    if (typeof value !== 'string' || normalizeReviewerName(value) !== value) throw new Error('is not a reviewer name the settings would store (trimmed, at most 80 characters, no control characters)');
  }),
  labelLanguage: oneOf(['zh', 'en']),
  'backup.keep': integer({ min: 1, max: 1000 }),
  'backup.intervalMinutes': integer({ min: 0, max: 24 * 60 }),
};

const VALUE_BY_PREFIX: [string, Check][] = [
  ['suggestionLayer:', text()],
  ['adjudication:', list(text())],
];

function valueCheck(key: string): Check {
  return VALUE_OF[key] ?? VALUE_BY_PREFIX.find(([prefix]) => key.startsWith(prefix))?.[1] ?? anything;
}

export const settingRow = both(shape<SettingRow>({ key: text({ max: 500 }), value: anything }), (value, path) => {
  const row = value as SettingRow;
  valueCheck(row.key)(row.value, path ? `${path}.value` : 'value');
});
