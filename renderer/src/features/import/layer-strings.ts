/**
 * Words of the wizard's "attach as an annotation layer" option, kept beside it (as the
 * agreement view does) rather than in the app dictionary. `{name}` placeholders are filled by layerText().
 */
import { type Bilingual, featureText, type FeatureTextApi } from '../../i18n/feature-strings';

export const LAYER_STRINGS = {
  option: { zh: '作为标注层附加（第二位标注者）', en: 'Attach as an annotation layer (second annotator)' },
  hint: {
    zh: '按对话编号和话语文本与数据集中的轮次对应；对不上的对话和轮次会列在下面，不会被猜测。',
    en: 'Matched to the data set’s turns by dialogue id and utterance; dialogues and turns that do not match are listed below, never guessed.',
  },
  name: { zh: '标注层名称', en: 'Layer name' },
  kind: { zh: '标注者', en: 'Annotator' },
  kindHuman: { zh: '人工标注者', en: 'Human annotator' },
  kindLlm: { zh: 'LLM 标注', en: 'LLM annotator' },
  nameRequired: { zh: '请为标注层命名。', en: 'Give the layer a name.' },
  needsOneFile: { zh: '附加标注层时请只选择一个文件（当前 {count} 个）。', en: 'Choose exactly one file to attach as a layer ({count} chosen).' },
  matching: { zh: '正在与数据集对应…', en: 'Matching with the data set…' },
  failed: { zh: '无法对应：{message}', en: 'Could not match: {message}' },
  summary: {
    zh: '{turns} 个轮次（{dialogues} 段对话）可以附加；{normalized} 个轮次按规范化文本对应；数据集中另有 {uncovered} 段对话不在此文件中。',
    en: '{turns} turns in {dialogues} dialogues can be attached; {normalized} matched by normalised text; {uncovered} dialogues of the data set are not in this file.',
  },
  nothingMatches: { zh: '文件中没有任何轮次与数据集对应，无法附加。', en: 'No turn of the file matches the data set; there is nothing to attach.' },
  alreadyAttached: { zh: '此文件已作为标注层“{name}”附加到该数据集。', en: 'This file is already attached to the data set as layer “{name}”.' },
  problems: { zh: '未能对应的对话和轮次（{count}）', en: 'Dialogues and turns that did not match ({count})' },
  moreProblems: { zh: '……另有 {count} 条未列出。', en: '…and {count} more not listed.' },
  confirm: { zh: '附加标注层', en: 'Attach layer' },
  attaching: { zh: '正在附加…', en: 'Attaching…' },
} satisfies Record<string, Bilingual>;

export type LayerStringKey = keyof typeof LAYER_STRINGS;

const layerWords = featureText(LAYER_STRINGS);
export const layerText = layerWords.text;

/** The wizard reads only `t`; returned alone so call sites stay `text(key)`. */
export function useLayerText(): FeatureTextApi<LayerStringKey>['t'] {
  return layerWords.useText().t;
}
