/** The export view's words for the choice of what unsure labels become, kept beside the view. */
import { featureText, type Bilingual } from '../../i18n/feature-strings';

export const EXPORT_STRINGS = {
  unsureLegend: { zh: '你标为“不确定”的标注', en: 'Labels you marked unsure' },
  unsureEmpty: { zh: '留空（默认）', en: 'Leave empty (default)' },
  unsureEmptyHintSid: {
    zh: '标注中不写入值；“maieutic”中仍标为不确定，并注明已留空',
    en: 'the annotation holds no value; under “maieutic” it is still marked unsure, and left empty',
  },
  unsureEmptyHintCsv: { zh: 'expert_value 列留空；status 列仍写 unsure', en: 'expert_value is left empty; the status column still says unsure' },
  unsureGuess: { zh: '保留我的最佳猜测', en: 'Keep my best guess' },
  unsureGuessHintSid: {
    zh: '与核验过的值写法相同；只有“maieutic”中注明不确定',
    en: 'written like a checked value; only “maieutic” says it is unsure',
  },
  unsureGuessHintCsv: { zh: 'expert_value 列写入猜测；status 列写 unsure', en: 'expert_value holds the guess; the status column says unsure' },
  unsureRemembered: { zh: '之后的导出沿用此选择。', en: 'Later exports keep this choice.' },
  savedUnsureEmpty: { zh: '不确定的标注已留空：{n} 个。', en: 'Unsure labels left empty: {n}.' },
  savedUnsureGuess: { zh: '按你的最佳猜测写入的不确定标注：{n} 个。', en: 'Unsure labels written as your best guess: {n}.' },
} as const satisfies Record<string, Bilingual>;

export type ExportStringKey = keyof typeof EXPORT_STRINGS;
export const { text: exportText, useText: useExportText } = featureText(EXPORT_STRINGS);
