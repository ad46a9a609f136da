import { fieldById, labelByCode } from '../../codebook/lookup';
import { normalizeValue } from '../../codebook/normalize-value';
import type { Codebook } from '../../codebook/types';
import type { FieldValue, FieldValues } from '../../model/dataset';

/**
 * A source label mapped through a preset table onto a codebook code. The source label stays
 * in `raw`; a label the table does not map (or maps to a code this codebook lacks) is
 * 'unknown', so it is flagged for review instead of being guessed.
 */
export function presetValue(codebook: Codebook, fieldId: string, raw: string, table: Readonly<Record<string, string | null>>): FieldValue {
  const field = fieldById(codebook, fieldId);
  const trimmed = raw.trim();
  if (trimmed === '') return { raw, codes: [], unknown: [], status: 'empty' };
  const code = Object.hasOwn(table, trimmed) ? table[trimmed] : null;
  if (field && code && labelByCode(field, code)) return { raw, codes: [code], unknown: [], status: 'ok' };
  return { raw, codes: [], unknown: [trimmed], status: 'unknown' };
}

/** Both presets are mathematics tutoring: every turn gets discipline = mathematics when the codebook has it. */
export function mathematicsDiscipline(codebook: Codebook): FieldValues {
  const field = fieldById(codebook, 'discipline');
  if (!field || !labelByCode(field, 'mathematics')) return {};
  return { discipline: normalizeValue(field, 'mathematics') };
}
