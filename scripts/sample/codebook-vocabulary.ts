/** Which raw annotation values the default codebook recognises (code, Chinese/English name or alias). */
import { readFileSync } from 'node:fs';
import type { Codebook, FieldDef } from '../../shared/codebook/types';
import { splitMultiValue } from './sid-record';

export function loadCodebook(path: string): Codebook {
  return JSON.parse(readFileSync(path, 'utf8')) as Codebook;
}

function spellings(field: FieldDef): Set<string> {
  const known = new Set<string>();
  for (const label of field.labels) {
    for (const spelling of [label.code, label.name.zh, label.name.en, ...label.aliases]) known.add(spelling.toLowerCase());
  }
  return known;
}

export interface Vocabulary {
  /** the parts of a raw value the codebook does not know; [] when every part is known or the value is empty */
  unknownParts(fieldId: string, raw: string): string[];
}

export function vocabularyOf(codebook: Codebook): Vocabulary {
  const byField = new Map(codebook.fields.map((field) => [field.id, { field, known: spellings(field) }]));
  return {
    unknownParts(fieldId, raw) {
      const entry = byField.get(fieldId);
      if (!entry) throw new Error(`The codebook has no field "${fieldId}"`);
      if (raw.trim() === '') return [];
      const parts = entry.field.type === 'set' ? splitMultiValue(raw) : [raw.trim()];
      return parts.filter((part) => !entry.known.has(part.toLowerCase()));
    },
  };
}
