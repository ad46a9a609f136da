/**
 * The default codebook read from resources/codebooks/sid-default.json, so the specs name
 * labels (codes, Chinese and English names, key positions) from the data the app ships, not
 * from what the app renders.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESOURCES_DIR } from '../support/repo-paths';

export interface CodebookLabel {
  code: string;
  name: { zh: string; en: string };
  aliases: string[];
}

export interface CodebookField {
  id: string;
  name: { zh: string; en: string };
  type: 'single' | 'set' | 'ordinal' | 'boolean' | 'text';
  appliesTo: 'all' | 'teacher' | 'student';
  labels: CodebookLabel[];
}

interface CodebookFile {
  id: string;
  fields: CodebookField[];
}

const codebook = JSON.parse(readFileSync(join(RESOURCES_DIR, 'codebooks', 'sid-default.json'), 'utf8')) as CodebookFile;

export const CODEBOOK_FIELD_IDS: readonly string[] = codebook.fields.map((field) => field.id);

export function codebookField(fieldId: string): CodebookField {
  const field = codebook.fields.find((candidate) => candidate.id === fieldId);
  if (!field) throw new Error(`The default codebook has no field "${fieldId}"`);
  return field;
}

/** The label a SID file writes as `value`: its code (`L2`), its Chinese name or an alias. */
export function labelForSidValue(fieldId: string, value: string): CodebookLabel {
  const label = codebookField(fieldId).labels.find((candidate) => candidate.code === value || candidate.name.zh === value || candidate.aliases.includes(value));
  if (!label) throw new Error(`Field ${fieldId} has no label written "${value}"`);
  return label;
}

/** The label that number key `position` (1-based) picks. */
export function labelAtKey(fieldId: string, position: number): CodebookLabel {
  const label = codebookField(fieldId).labels[position - 1];
  if (!label) throw new Error(`Field ${fieldId} has no label at key ${position}`);
  return label;
}

/** The 1-based key position of a label in its field (what the number keys pick). */
export function keyOfLabel(fieldId: string, code: string): number {
  const index = codebookField(fieldId).labels.findIndex((label) => label.code === code);
  if (index === -1) throw new Error(`Field ${fieldId} has no label "${code}"`);
  return index + 1;
}

export function appliesToSpeaker(fieldId: string, speaker: 'teacher' | 'student'): boolean {
  const { appliesTo } = codebookField(fieldId);
  return appliesTo === 'all' || appliesTo === speaker;
}
