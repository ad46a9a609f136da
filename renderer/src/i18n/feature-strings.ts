/**
 * For the word tables that features keep beside themselves (review, agreement, metrics, the
 * layer option): one bilingual entry per key and plain `{name}` placeholders.
 */
import { useMemo } from 'react';
import type { LabelLanguage } from '../../../shared/codebook/types';
import { useLanguage } from './index';

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

/** A feature's words in the chosen language: `t(key, params)`. */
export interface FeatureTextApi<Key extends string> {
  lang: LabelLanguage;
  t: (key: Key, params?: TemplateParams) => string;
}

/**
 * `text(lang, key, params)` for code outside React (exports, tests) and the `useText()` hook
 * for components, over one feature's word table.
 */
export function featureText<Key extends string>(table: Record<Key, Bilingual>) {
  const text = (lang: LabelLanguage, key: Key, params?: TemplateParams): string => fillPlaceholders(table[key][lang], params);
  function useText(): FeatureTextApi<Key> {
    const lang = useLanguage();
    return useMemo(() => ({ lang, t: (key: Key, params?: TemplateParams) => text(lang, key, params) }), [lang]);
  }
  return { text, useText };
}
