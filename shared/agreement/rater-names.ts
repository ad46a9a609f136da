/**
 * The names the app gives its two built-in raters. An attached layer may not take one of them
 * (in either language, or the raters' keys), or the agreement tables would show two sources
 * under one name.
 */
export const BUILT_IN_RATER_NAMES = {
  pre: { zh: 'LLM 预标注', en: 'LLM pre-annotation' },
  expert: { zh: '专家（已核验）', en: 'Expert (verified)' },
} as const;

const RESERVED = new Set(
  [...Object.values(BUILT_IN_RATER_NAMES).flatMap((name) => [name.zh, name.en]), 'llm', 'expert', 'pre', '专家', 'LLM', 'LLM 预标注'].map(foldName),
);

/** Case, width and spacing do not make a different name. */
function foldName(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function isReservedRaterName(name: string): boolean {
  return RESERVED.has(foldName(name));
}
