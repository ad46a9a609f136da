import { formatBinding, parseBinding } from './key-match';
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

/** The overlay's content: KEYMAP grouped by scope, with help groups (the label picks) folded into one row. */
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

/**
 * A row's keys as people read them, with runs of three or more consecutive digits under the same
 * modifiers written as a range, so the label-pick row reads `1–9` `0` `Alt+1–Alt+9` (`⌥1–⌥9`).
 */
export function formatKeyRuns(keys: readonly string[], platform: 'mac' | 'other'): string[] {
  const shown: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length > 2) shown.push(`${formatBinding(run[0], platform)}–${formatBinding(run[run.length - 1], platform)}`);
    else shown.push(...run.map((key) => formatBinding(key, platform)));
    run = [];
  };
  for (const key of keys) {
    const previous = run.length > 0 ? run[run.length - 1] : null;
    if (previous !== null && !continuesDigitRun(previous, key)) flush();
    run.push(key);
  }
  flush();
  return shown;
}

/** True when `next` is the digit after `previous`, under the same modifiers. */
function continuesDigitRun(previous: string, next: string): boolean {
  const a = parseBinding(previous);
  const b = parseBinding(next);
  if (!/^[0-9]$/.test(a.key) || !/^[0-9]$/.test(b.key)) return false;
  return a.mod === b.mod && a.alt === b.alt && a.shift === b.shift && Number(b.key) === Number(a.key) + 1;
}
