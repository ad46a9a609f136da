/**
 * For the word tables that features keep beside themselves (review, agreement, the layer
 * option): one bilingual entry per key and plain `{name}` placeholders.
 */
export interface Bilingual {
  zh: string;
  en: string;
}

export type TemplateParams = Record<string, string | number>;

/** Fills `{name}` placeholders; an unknown name is left as written. */
export function fillPlaceholders(template: string, params?: TemplateParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));
}
