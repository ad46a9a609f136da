import type { BilingualText } from '../judge/types';

/** Readers of a model's JSON answer that collect every problem, each with its JSON path. */
export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The one JSON object of an answer; a ```json fence around it is tolerated (models add one). */
export function parseAnswerObject(text: string, key: string, problems: string[]): Json | null {
  const unfenced = text.trim().replace(/^```(?:json)?\s*/i, '').replace(/\s*```$/, '');
  let value: unknown;
  try {
    value = JSON.parse(unfenced);
  } catch {
    problems.push('$: the answer is not one JSON object');
    return null;
  }
  if (!isObject(value)) {
    problems.push('$: the answer must be a JSON object');
    return null;
  }
  for (const other of Object.keys(value)) if (other !== key) problems.push(`$.${other}: is not a known key (known: ${key})`);
  return value;
}

export function readBilingual(value: unknown, path: string, problems: string[]): BilingualText {
  if (!isObject(value)) {
    problems.push(`${path}: must be {"zh": "…", "en": "…"}`);
    return { zh: '', en: '' };
  }
  for (const key of Object.keys(value)) if (key !== 'zh' && key !== 'en') problems.push(`${path}.${key}: is not a known key (known: zh, en)`);
  const read = (language: 'zh' | 'en'): string => {
    const text = value[language];
    if (typeof text === 'string' && text.trim().length > 0) return text.trim();
    problems.push(`${path}.${language}: must be a non-empty string`);
    return '';
  };
  return { zh: read('zh'), en: read('en') };
}

export function unknownKeys(obj: Json, known: readonly string[], path: string, problems: string[]): void {
  for (const key of Object.keys(obj)) if (!known.includes(key)) problems.push(`${path}.${key}: is not a known key (known: ${known.join(', ')})`);
}
