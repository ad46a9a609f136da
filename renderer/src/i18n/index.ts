import { useCallback } from 'react';
import type { LabelLanguage } from '../../../shared/codebook/types';
import { useSettingsStore } from '../stores/settings/store';
import { en } from './en';
import { zh, type MessageKey } from './zh';

export type { MessageKey };
export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

const DICTIONARIES: Record<LabelLanguage, Record<MessageKey, string>> = { zh, en };

const NUMBER_FORMATS: Record<LabelLanguage, Intl.NumberFormat> = {
  zh: new Intl.NumberFormat('zh-CN'),
  en: new Intl.NumberFormat('en'),
};

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(zh, value);
}

/** Fills `{name}` placeholders and `{name|one|other}` plural choices; numbers are grouped the way the language writes them. */
export function translate(lang: LabelLanguage, key: MessageKey, params?: MessageParams): string {
  const template = DICTIONARIES[lang][key];
  if (!params) return template;
  return template
    .replace(/\{(\w+)\|([^|}]*)\|([^|}]*)\}/g, (whole, name: string, one: string, other: string) => {
      const value = params[name];
      if (value === undefined) return whole;
      return value === 1 ? one : other;
    })
    .replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = params[name];
      if (value === undefined) return whole;
      return typeof value === 'number' ? NUMBER_FORMATS[lang].format(value) : value;
    });
}

export function formatNumber(lang: LabelLanguage, value: number): string {
  return NUMBER_FORMATS[lang].format(value);
}

export function formatDateTime(lang: LabelLanguage, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en', { dateStyle: 'medium', timeStyle: 'short' });
}

export function useLanguage(): LabelLanguage {
  return useSettingsStore((state) => state.labelLanguage);
}

/** `t(key, params)` in the chosen language; re-renders the caller when the language changes. */
export function useT(): Translate {
  const lang = useLanguage();
  return useCallback((key: MessageKey, params?: MessageParams) => translate(lang, key, params), [lang]);
}
