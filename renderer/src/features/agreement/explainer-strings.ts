/**
 * The words that explain the agreement numbers: the legend under the table, the "What is
 * this?" panel, the one-sentence reading of each field, the κ chart and the notices of the
 * all-layers section. Part of AGREEMENT_STRINGS; kept apart because they are prose.
 */
import type { Bilingual } from '../../i18n/feature-strings';

export const EXPLAINER_STRINGS = {
  legendTitle: { zh: '表中各列', en: 'The columns' },
  'legend.n': { zh: '两者都给出可用值的轮次数：一致率和 κ 的分母', en: 'turns both raters gave a usable value: what percent agreement and κ count' },
  'legend.missing': { zh: '其中一方没有可用值的轮次，不计入 n', en: 'turns one of the two has no usable value for, left out of n' },
  'legend.notApplicable': { zh: '该字段不适用于其说话人的轮次（如学生轮次的教师意图）', en: 'turns whose speaker the field does not apply to (teacher intent on a student turn)' },
  'legend.percent': { zh: 'n 个轮次中两者取值相同的比例', en: 'share of the n turns on which both gave the same value' },
  'legend.kappa': { zh: 'Cohen κ：扣除偶然一致后的一致程度；1 完全一致，0 相当于偶然，小于 0 比偶然还差', en: 'Cohen’s κ, agreement beyond chance: 1 perfect, 0 what chance gives, below 0 worse than chance' },
  'legend.ci': { zh: 'κ 的 95% 置信区间：样本越少越宽', en: 'the range κ lies in with 95% confidence; few turns make it wide' },
  'legend.band': { zh: 'Landis & Koch 对 κ 的文字解释', en: 'Landis & Koch’s words for κ' },
  whatIsThis: { zh: '这些数字是什么意思？', en: 'What is this?' },
  'explain.n': {
    zh: 'n 是两位评分者都给出可用值的轮次数。比较专家时，只有你确认或修改过的字段才算专家的评分；标为“不确定”或尚未审阅的字段不计入（鼠标停在 n 上可看到它们的数目）。',
    en: 'n counts the turns on which both raters gave a usable value. When the expert is compared, only fields you accepted or changed count as the expert’s rating; fields marked unsure or not reviewed yet are left out (hover over n to see how many).',
  },
  'explain.missing': {
    zh: '缺失：轮次应当有值，但其中一方没有可用的值（空值、代码不在编码表中、单选字段给了多个值）。这些轮次不计入 n；鼠标停在数字上可看到各方缺失多少。',
    en: 'Missing: the turn should have a value but one rater has none that can be used (empty, a code outside the codebook, several values for a one-label field). These turns stay out of n; hover over the number to see each rater’s share.',
  },
  'explain.notApplicable': {
    zh: '不适用：字段不适用于该轮说话人的轮次，例如学生轮次上的“教师意图”。它们不是缺失，也从不比较。',
    en: 'Not applicable: turns whose speaker the field does not apply to, such as teacher intent on a student turn. They are not missing values and are never compared.',
  },
  'explain.percent': {
    zh: '百分比一致率：n 个轮次中两者取值完全相同的比例。集合字段（学科、教学策略）的字段行是整个集合相同的比例。',
    en: 'Percent agreement: the share of the n turns on which both gave the same value. On the own row of a label-set field (discipline, teaching strategy) it is the share with the same whole set.',
  },
  'explain.kappa': {
    zh: 'κ（Cohen kappa）=（观察一致率 − 偶然一致率）/（1 − 偶然一致率），偶然一致率由两者各自的取值频率算出。有序字段（教师引导层级、布鲁姆认知层级）用加权 κ：线性权重（默认）让相邻的差别只算部分不一致，二次权重更重罚相差远的取值。集合字段的每个代码按“有/无”单独计算 κ。',
    en: 'κ (Cohen’s kappa) = (observed agreement − chance agreement) / (1 − chance agreement), chance agreement coming from how often each rater uses each value. Ordinal fields (teacher guidance level, Bloom level) use weighted κ: linear weights (the default) count a near miss as partly agreeing, quadratic weights punish distant misses more. Each code of a label-set field gets its own present/absent κ.',
  },
  'explain.undefined': {
    zh: 'κ 显示为“—”时无法计算：两者在所有轮次上都给了同一个值（偶然一致率为 1，κ 为 0/0）。此时仍可看百分比一致率。',
    en: 'κ shows “—” when it cannot be computed: both raters gave one and the same value on every turn (chance agreement is then 1 and κ is 0/0). Percent agreement still reads.',
  },
  'explain.minimum': {
    zh: '少于 {min} 项时不给出 κ（Fleiss κ、Krippendorff α 也一样），也不给区间和解释，只显示“项数太少（n = …，至少需要 {min}）”：项这么少时，一项的变化就会让百分比一致率变动 10 个百分点以上，κ 变动更大，渐近置信区间也不可信。百分比一致率仍照常显示，并注明 n。',
    en: 'Below {min} items no κ is given (nor Fleiss’ κ or Krippendorff’s α), and no interval or band: only “too few items (n = …, at least {min} needed)”. With so few items one item moves percent agreement by more than 10 points and κ by more, and the asymptotic interval is not to be trusted. Percent agreement still reads, with its n.',
  },
  'explain.degenerate': {
    zh: '置信区间宽度为零时显示“无定义”：每一项都一致，或一方对每一项都只用了一个类别（此时 κ 必为 0），渐近标准误都会是 0，但这并不代表确定。鼠标停在“无定义”上可看到原因。',
    en: 'A CI of zero width shows “not defined”: when every item agrees, or one rater used a single category for every item (κ is then 0 by construction), the asymptotic standard error is 0, which is no certainty. Hover over “not defined” for the reason.',
  },
  'explain.ci': {
    zh: '95% 置信区间：渐近（Wald）区间 κ ± 1.96 × 标准误，与 SAS 和 statsmodels 的算法相同，并截断到 [−1, 1]（CSV 保留原始上下限）。区间很宽说明轮次太少，结论需谨慎。',
    en: '95% CI: the asymptotic (Wald) interval κ ± 1.96 × standard error, as SAS and statsmodels compute it, truncated to [−1, 1] (the CSV keeps the raw bounds). A wide interval means too few turns to conclude much.',
  },
  'explain.bands': {
    zh: 'Landis & Koch（1977）的解释区间是约定俗成的读法，不是检验：',
    en: 'The Landis & Koch (1977) bands are a convention for reading κ, not a test:',
  },
  bandRange: { zh: 'κ 范围', en: 'κ range' },
  bandName: { zh: '解释', en: 'Reading' },
  'turns.teacher': { zh: '教师轮次', en: 'teacher turns' },
  'turns.student': { zh: '学生轮次', en: 'student turns' },
  'turns.all': { zh: '轮次', en: 'turns' },
  'turn.teacher': { zh: '教师轮次', en: 'teacher turn' },
  'turn.student': { zh: '学生轮次', en: 'student turn' },
  'turn.all': { zh: '轮次', en: 'turn' },
  sentencesTitle: { zh: '逐字段解读', en: 'In words' },
  sentenceField: { zh: '{field}：', en: '{field}: ' },
  sentence: { zh: '{a}与{b}在 {n} 个{turns}中的 {percent} 上一致；{kappa}', en: '{a} and {b} agree on {percent} of {n} {turns}; {kappa}' },
  sentenceSet: {
    zh: '{a}与{b}在 {n} 个{turns}中的 {percent} 上给出完全相同的集合；每个代码另有自己的 κ（显示各代码）。',
    en: '{a} and {b} give the same whole set on {percent} of {n} {turns}; each code has its own κ (show codes).',
  },
  sentenceNone: { zh: '还没有{turn}同时有{a}和{b}的可用值。', en: 'no {turn} has a usable value from both {a} and {b} yet.' },
  sentenceKappa: { zh: 'κ {kappa}，{band}。', en: 'κ {kappa}, {band} agreement.' },
  sentenceKappaWeighted: { zh: 'κ {kappa}（{weights}加权），{band}。', en: 'κ {kappa} ({weights} weights), {band} agreement.' },
  sentenceKappaFew: { zh: '轮次太少，不给出 κ（至少需要 {min} 个）。', en: 'too few for a κ (at least {min} needed).' },
  sentenceCiNone: { zh: '其 95% 置信区间无定义（见上表）。', en: ' Its 95% CI is not defined (see the table).' },
  sentenceKappaOneValue: { zh: '两者在每个轮次上都给了同一个值，κ 无法计算。', en: 'κ is undefined: both gave one and the same value on every turn.' },
  sentenceKappaOther: { zh: 'κ 无法计算（{reason}）。', en: 'κ is undefined ({reason}).' },
  sentenceMissing: { zh: '另有 {missing} 个轮次缺少可用值，未计入。', en: '{missing} more lack a usable value and are left out.' },
  chartTitle: { zh: '各字段的 κ 及其 95% 置信区间', en: 'κ per field, with its 95% CI' },
  chartLabel: { zh: '各字段 Cohen κ 的条形图，误差线为 95% 置信区间；数值与上表相同。', en: 'Bar chart of Cohen’s κ per field, error bars the 95% CI; the table above holds the same numbers.' },
  chartSetNote: { zh: '集合字段没有单一的 κ，不在图中；它们每个代码的 κ 见表格。', en: 'Label-set fields have no single κ and are not drawn; the κ of each of their codes is in the table.' },
  chartNone: { zh: '还没有字段能算出 κ。', en: 'No field has a κ yet.' },
  chartUndefined: { zh: '未画出（κ 无法计算）：{fields}', en: 'Not drawn (κ undefined): {fields}' },
  chartTooFew: { zh: '未画出（项数太少，至少需要 {min}）：{fields}', en: 'Not drawn (too few items, at least {min} needed): {fields}' },
  groupEmpty: {
    zh: '“{group}”还没有同时有{a}和{b}的值的轮次，所以下表只有“—”：请审阅这个教师模型的轮次，或选择“全部”。',
    en: 'No turn of “{group}” has values from both {a} and {b} yet, so the table below is all dashes: review turns of this teacher model, or choose “All”.',
  },
  groupEmptyAll: {
    zh: '还没有任何轮次同时有{a}和{b}的值，所以下表只有“—”：请先审阅一些轮次，或比较其他标注层。',
    en: 'No turn has values from both {a} and {b} yet, so the table below is all dashes: review some turns, or compare other layers.',
  },
  panelUnrated: {
    zh: '{names}在这里还没有任何评分，因此 Fleiss κ 没有完整的项。请先审阅一些轮次，或只合并有评分的标注层。',
    en: '{names} has no ratings here yet, so Fleiss’ κ has no complete item. Review some turns, or pool only the layers that have ratings.',
  },
  panelUnratedLayer: {
    zh: '{names}在这组轮次中没有任何评分，因此 Fleiss κ 没有完整的项。请只合并有评分的标注层，或选择另一个教师模型。',
    en: '{names} has no ratings among these turns, so Fleiss’ κ has no complete item. Pool only the layers that have ratings, or choose another teacher model.',
  },
  poolRated: { zh: '改为合并：{names}', en: 'Pool {names} instead' },
  noRatings: { zh: '（无评分）', en: '(no ratings)' },
} satisfies Record<string, Bilingual>;
