import { readFileSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATASETS_DIR } from '../../support/repo-paths';
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { parseSourceFile } from '../../../shared/import';
import type { ParseOptions } from '../../../shared/import';
import type { ParsedFile } from '../../../shared/model/dataset';

export const FIXTURES = fileURLToPath(new URL('../../fixtures/import/', import.meta.url));
/** with a trailing separator: callers append a path inside it */
export const DATASETS = `${DATASETS_DIR}${sep}`;

export function fixtureText(name: string): string {
  return readFileSync(FIXTURES + name, 'utf8');
}

export function parseText(name: string, text: string, opts: Partial<ParseOptions> = {}): ParsedFile {
  return parseSourceFile({ name, text }, { codebook: DEFAULT_CODEBOOK, ...opts });
}

const FIELDS = ['teacher_intent', 'teaching_strategy', 'discipline', 'discipline_transfer', 'student_cognition_state', 'teacher_guidance_level', 'cognitive_level'];

/** A SID annotation entry with every field empty unless given. */
export function annotation(speaker: string, utterance: string, values: Record<string, string> = {}): Record<string, string> {
  const entry: Record<string, string> = { speaker, utterance };
  for (const field of FIELDS) entry[field] = values[field] ?? '';
  return entry;
}

/** One SID JSONL line. */
export function sidLine(dialogue: [string, string][], annotations: Record<string, string>[], header: Record<string, unknown> = {}): string {
  return JSON.stringify({ ...header, dialogue: dialogue.map(([role, content]) => ({ role, content })), annotations });
}

export function errorsOf(file: ParsedFile) {
  return file.issues.filter((issue) => issue.severity === 'error');
}

export function warningsOf(file: ParsedFile, code?: string) {
  return file.issues.filter((issue) => issue.severity === 'warning' && (code === undefined || issue.code === code));
}
