import { KEYMAP, KEY_SCOPES, type KeyBinding, type KeyScope } from './keymap';

export interface HelpRow {
  id: string;
  keys: string[];
  label: { zh: string; en: string };
}

export interface HelpSection {
  scope: KeyScope;
  rows: HelpRow[];
}

/** The overlay's content: KEYMAP grouped by scope, with help groups (1 … 9) folded into one row. */
export function buildHelpSections(keymap: readonly KeyBinding[] = KEYMAP): HelpSection[] {
  return KEY_SCOPES.map((scope) => {
    const rows: HelpRow[] = [];
    const groups = new Map<string, HelpRow>();
    for (const binding of keymap) {
      if (binding.scope !== scope) continue;
      if (binding.helpGroup) {
        const groupKey = binding.helpGroup.en;
        const existing = groups.get(groupKey);
        if (existing) {
          existing.keys.push(...binding.keys);
          continue;
        }
        const row: HelpRow = { id: binding.command, keys: [...binding.keys], label: binding.helpGroup };
        groups.set(groupKey, row);
        rows.push(row);
        continue;
      }
      rows.push({ id: binding.command, keys: [...binding.keys], label: binding.label });
    }
    return { scope, rows };
  }).filter((section) => section.rows.length > 0);
}
