import { isReservedDeviceName } from '../../../../shared/export/file-name-rules';

// Everything main's file-name check refuses (shared/export/file-name-rules.ts), in one class.
// eslint-disable-next-line no-control-regex
const UNSAFE_RUN = /[<>:"/\\|?*\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g;

/**
 * A file-name-safe version of a data-set name: Chinese stays; path separators, characters
 * Windows refuses, control and text-direction characters go, and a Windows device name (`CON`)
 * gets a `_` so the proposed name is never refused by the save check in main.
 */
export function fileNameStem(name: string): string {
  const stem = name
    .normalize('NFC')
    .replace(UNSAFE_RUN, '-')
    .replace(/\s+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80)
    .replace(/[-.]+$/, '');
  if (!stem) return 'maieutic';
  const device = stem.split('.')[0];
  return isReservedDeviceName(stem) ? `${device}_${stem.slice(device.length)}` : stem;
}

export function todayStamp(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
}
