/**
 * Words of the wizard's codebook choice and "Import codebook…", kept beside them (as the layer
 * option's are). `{name}` placeholders are filled by codebookChoiceText().
 */
import type { LabelLanguage } from '../../../../shared/codebook/types';
import type { Codebook } from '../../../../shared/codebook/types';
import { type Bilingual, featureText, type FeatureTextApi } from '../../i18n/feature-strings';

export const CODEBOOK_CHOICE_STRINGS = {
  codebook: { zh: '码本', en: 'Codebook' },
  bundled: { zh: '内置', en: 'bundled' },
  existingKeeps: { zh: '导入已有数据集时沿用它的码本：{codebook}', en: 'Files imported into an existing data set use its codebook: {codebook}' },
  readAgainst: { zh: '文件中的标签按所选码本的标签、代码和别名规范化。', en: 'The files’ labels are read against the chosen codebook’s labels, codes and aliases.' },
  importButton: { zh: '导入码本…', en: 'Import codebook…' },
  importing: { zh: '正在读取码本…', en: 'Reading the codebook…' },
  imported: { zh: '已导入码本 {codebook}，并选作新数据集的码本。', en: 'Imported the codebook {codebook} and chose it for the new data set.' },
  alreadyStored: { zh: '码本 {codebook} 的这一版本此前已导入；已选作新数据集的码本。', en: 'This version of {codebook} was imported before; it is chosen for the new data set.' },
  withRules: { zh: '一致性规则来自 {file}（{count} 条）。', en: 'Its consistency rules come from {file} ({count}).' },
  noRules: {
    zh: '旁边没有 {file}，因此这个码本没有一致性规则：审阅中不会标出一致性问题。',
    en: 'No {file} beside it, so this codebook has no consistency rules: review will flag no consistency findings.',
  },
  rulesKept: {
    zh: '注意：该版本保存时的规则与现在旁边的规则文件不同；沿用已保存的规则。',
    en: 'Note: this version was stored with other rules than the rules file beside it now has; the stored rules are kept.',
  },
  refused: { zh: '码本未导入，未保存任何内容。{file} 有以下问题：', en: 'The codebook was not imported and nothing was stored. Problems in {file}:' },
  dismiss: { zh: '关闭', en: 'Dismiss' },
} satisfies Record<string, Bilingual>;

export type CodebookChoiceStringKey = keyof typeof CODEBOOK_CHOICE_STRINGS;

const words = featureText(CODEBOOK_CHOICE_STRINGS);
export const codebookChoiceText = words.text;

export function useCodebookChoiceText(): FeatureTextApi<CodebookChoiceStringKey> {
  return words.useText();
}

/** A codebook version as the choice names it: its name in the interface language, its version and short hash. */
export function codebookVersionLabel(codebook: Pick<Codebook, 'name' | 'version'>, hash: string | undefined, lang: LabelLanguage): string {
  const other: LabelLanguage = lang === 'zh' ? 'en' : 'zh';
  const name = codebook.name[lang] || codebook.name[other];
  return hash ? `${name} ${codebook.version} · ${hash.slice(0, 8)}` : `${name} ${codebook.version}`;
}
