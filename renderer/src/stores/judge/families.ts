/**
 * Teacher-model families for the self-preference check. The app only suggests: a model whose name
 * contains a known family (the connections' and the run's judges' families, case-insensitively)
 * is offered that family; nothing is saved until the expert confirms.
 */
import { compareNames } from '../../../../shared/import/natural-order';

/** Families compared as the check compares them: trimmed, lower case. */
export function familyKey(family: string): string {
  return family.trim().toLowerCase();
}

/** The distinct known families (by familyKey, first spelling kept), in natural order. */
export function knownFamilies(families: Iterable<string | undefined>): string[] {
  const seen = new Map<string, string>();
  for (const family of families) {
    if (!family || family.trim() === '') continue;
    const key = familyKey(family);
    if (!seen.has(key)) seen.set(key, family.trim());
  }
  return [...seen.values()].sort(compareNames);
}

/**
 * Per teacher model, the known family its name contains (case-insensitively). When several do,
 * the longest wins, as the more specific (`qwen2` over `qwen`). Models that contain none are left out.
 */
export function suggestFamilies(models: readonly string[], families: readonly string[]): Record<string, string> {
  const candidates = knownFamilies(families);
  const result: Record<string, string> = {};
  for (const model of models) {
    const name = model.toLowerCase();
    let best: string | null = null;
    for (const family of candidates) {
      if (!name.includes(familyKey(family))) continue;
      if (best === null || familyKey(family).length > familyKey(best).length) best = family;
    }
    if (best !== null) result[model] = best;
  }
  return result;
}

/** The calibration's maps with every family as familyKey, so `DeepSeek` and `deepseek` are one family. */
export function normalizedFamilies(families: Readonly<Record<string, string>>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, family] of Object.entries(families)) if (family.trim() !== '') result[name] = familyKey(family);
  return result;
}
