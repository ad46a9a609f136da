/**
 * Reads a codebook file the user picked for "Import codebook…" and, when `<name>.rules.json`
 * sits beside `<name>.json`, its rules file: a custom codebook brings its own consistency rules
 * (issue 12). Only regular files are read, as every user-named path; nothing is parsed here (the
 * renderer validates both against each other and stores nothing unless both are valid).
 * Plain Node: unit-tested without Electron.
 */
import { lstat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CONFIG_FILE_RULES } from '../../../shared/config-files';
import type { CodebookFileText, OpenCodebookResult } from '../../../shared/ipc/contract';
import { readConfigFile, readNamedConfigFile, type ConfigFileRead } from '../../services/config-file';
import { errorCode } from '../../services/regular-file';

/** A codebook is a few hundred labels at most; far larger is not a codebook. */
export const MAX_CODEBOOK_BYTES = CONFIG_FILE_RULES.codebook.maxBytes;

const RULES_SUFFIX = '.rules.json';

/** `x.json` → `x.rules.json`; null for a name that is not `.json` or is itself a rules file. */
export function rulesFileNameFor(name: string): string | null {
  if (!/\.json$/i.test(name) || name.toLowerCase().endsWith(RULES_SUFFIX)) return null;
  return `${name.slice(0, -'.json'.length)}${RULES_SUFFIX}`;
}

function fileText(read: ConfigFileRead, name: string): { ok: true; file: CodebookFileText } | { ok: false; reason: string } {
  if (!read.ok) return { ok: false, reason: read.message };
  return { ok: true, file: { name, text: read.text } };
}

/** The picked codebook and its sibling rules file (null when there is none). */
export async function readCodebookFiles(path: string): Promise<OpenCodebookResult> {
  const name = basename(path);
  if (name.toLowerCase().endsWith(RULES_SUFFIX)) {
    return { status: 'refused', file: name, reason: `is a rules file; choose the codebook beside it (${name.slice(0, -RULES_SUFFIX.length)}.json), whose rules it is` };
  }
  const rulesName = rulesFileNameFor(name);
  if (rulesName === null) return { status: 'refused', file: name, reason: 'is not a .json file; a codebook is one JSON object in a .json file' };
  const codebook = fileText(await readConfigFile(path, 'codebook'), name);
  if (!codebook.ok) return { status: 'refused', file: name, reason: codebook.reason };
  const rulesPath = join(dirname(path), rulesName);
  const info = await lstat(rulesPath).catch((error: unknown) => error as Error);
  if (info instanceof Error) {
    if (errorCode(info) === 'ENOENT') return { status: 'read', codebook: codebook.file, rules: null };
    return { status: 'refused', file: rulesName, reason: `could not be read (${errorCode(info)})` };
  }
  // beside the codebook, as a file a codebook names: a link out of its folder is not followed
  const rules = fileText(await readNamedConfigFile(path, 'the rules file beside it', rulesName, 'codebook-rules'), rulesName);
  if (!rules.ok) return { status: 'refused', file: rulesName, reason: rules.reason };
  return { status: 'read', codebook: codebook.file, rules: rules.file };
}
