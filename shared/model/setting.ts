/** One app setting (Dexie table settings): a key and its JSON value. */
export interface SettingRow {
  key: string;
  value: unknown;
}
