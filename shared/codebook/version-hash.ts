import { contentHash } from '../import/hash';
import type { Codebook } from './types';

/**
 * A codebook's version hash: the content hash of its canonical JSON (keys sorted at every level),
 * so two copies with the same fields, labels, definitions and aliases have the same hash in any
 * profile, and any edit gives another. Packages and layers record it to refuse work done against
 * another version of the codebook.
 */
export function codebookVersionHash(codebook: Codebook): string {
  return contentHash(canonicalJson(codebook));
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as Record<string, unknown>)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
