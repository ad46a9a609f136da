/** The codebook panel's words (review and adjudication show the same panel). */
import { featureText, type FeatureTextApi } from '../../i18n/feature-strings';

export const CODEBOOK_STRINGS = {
  panel: { zh: '编码手册', en: 'Codebook' },
  version: { zh: '{name} · 版本 {version} · {hash}', en: '{name} · version {version} · {hash}' },
  fieldDescription: { zh: '字段说明：{name}', en: 'About this field: {name}' },
  example: { zh: '例句：“{text}”', en: 'Example: “{text}”' },
  searchLabel: { zh: '搜索编码手册', en: 'Search the codebook' },
  searchPlaceholder: { zh: '中文或英文：名称、别名、代码、定义、例句…（{key}）', en: 'Chinese or English: name, alias, code, definition, example… ({key})' },
  searchHint: { zh: 'Esc 返回原处', en: 'Esc goes back' },
  allFields: { zh: '搜索所有字段', en: 'Search all fields' },
  shownCount: { zh: '显示 {shown} / {total} 个标签', en: '{shown} of {total} labels shown' },
  noMatch: { zh: '没有标签与“{query}”匹配。', en: 'No label matches “{query}”.' },
  noMatchAllFields: { zh: '所有字段中都没有标签与“{query}”匹配。', en: 'No label of any field matches “{query}”.' },
  noMatchTryAll: { zh: '可勾选“搜索所有字段”，或清除搜索。', en: 'Tick “Search all fields”, or clear the search.' },
  clearSearch: { zh: '清除搜索', en: 'Clear search' },
  noLabels: { zh: '该字段是自由文本，没有标签。', en: 'This field is free text: it has no labels.' },
} as const;

export type CodebookStringKey = keyof typeof CODEBOOK_STRINGS;
export type CodebookTextApi = FeatureTextApi<CodebookStringKey>;
export const { text: codebookText, useText: useCodebookText } = featureText(CODEBOOK_STRINGS);
