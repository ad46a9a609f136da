/** Which raw annotation values the default codebook recognises (code, Chinese/English name or alias). */
import { readFileSync } from 'node:fs';
import { normalizeValue } from '../../shared/codebook';
import type { Codebook } from '../../shared/codebook/types';

export function loadCodebook(path: string): Codebook {
  return JSON.parse(readFileSync(path, 'utf8')) as Codebook;
}

export interface Vocabulary {
  /** the parts of a raw value the codebook does not know; [] when every part is known or the value is empty */
  unknownParts(fieldId: string, raw: string): string[];
}

/** Uses the importer's own normalisation, so the sample's notion of "unknown" is the app's. */
export function vocabularyOf(codebook: Codebook): Vocabulary {
  const byId = new Map(codebook.fields.map((field) => [field.id, field]));
  return {
    unknownParts(fieldId, raw) {
      const field = byId.get(fieldId);
      if (!field) throw new Error(`The codebook has no field "${fieldId}"`);
      return normalizeValue(field, raw).unknown;
    },
  };
}
