/**
 * Import problems in the reader's language: each issue code gets a short name (the filter
 * chips) and a sentence saying what is wrong and what happens to the data. The parser's own
 * English message, with the quoted values, stays beside it as the detail. `{field}` is the
 * field's display name from the codebook.
 */
import type { ImportIssueCode } from '../../../../shared/model/dataset';
import { type Bilingual, fillPlaceholders } from '../../i18n/feature-strings';
import type { LabelLanguage } from '../../../../shared/codebook/types';

interface IssueKindWords {
  name: Bilingual;
  sentence: Bilingual;
  /** used instead of `sentence` when the issue names a field */
  sentenceWithField?: Bilingual;
}

export const ISSUE_KINDS: Record<ImportIssueCode, IssueKindWords> = {
  'malformed-json': {
    name: { zh: 'JSON 格式错误', en: 'Not valid JSON' },
    sentence: { zh: '这一行不是有效的 JSON（例如缺少括号或引号），无法读出其中的对话。', en: 'This line is not valid JSON (a bracket or quote may be missing), so its dialogue cannot be read.' },
  },
  'too-deep': {
    name: { zh: '嵌套层数过多', en: 'Nested too deeply' },
    sentence: { zh: '这条记录里的列表或对象嵌套层数过多（超过 64 层），无法安全读取，整条记录未导入。', en: 'Lists or objects in this record are nested too deeply (more than 64 levels) to be read safely; the record was not imported.' },
  },
  'not-an-object': {
    name: { zh: '不是对话记录', en: 'Not a dialogue record' },
    sentence: { zh: '这里的内容不是一条对话记录（JSON 对象），无法读取。', en: 'This is not a dialogue record (a JSON object), so it cannot be read.' },
  },
  'missing-dialogue': {
    name: { zh: '缺少对话轮次', en: 'No dialogue turns' },
    sentence: { zh: '这条记录没有可读的对话轮次列表。', en: 'This record has no readable list of dialogue turns.' },
  },
  'bad-turn': {
    name: { zh: '轮次无法读取', en: 'Unreadable turn' },
    sentence: { zh: '有一个轮次缺少说话人或话语文本。', en: 'A turn lacks its speaker or its utterance.' },
  },
  'unknown-speaker': {
    name: { zh: '未知说话人', en: 'Unknown speaker' },
    sentence: { zh: '说话人既不是教师也不是学生，已作为“其他”导入。', en: 'The speaker is neither teacher nor student; the turn was imported as “other”.' },
  },
  'unaligned-annotation': {
    name: { zh: '标注对不上轮次', en: 'Annotation matches no turn' },
    sentence: { zh: '有一条标注对应不到任何轮次，已单独保留，供审阅时处理。', en: 'An annotation matches no turn; it is kept aside for you to place during review.' },
  },
  'out-of-order-annotation': {
    name: { zh: '标注顺序不一致', en: 'Annotation out of order' },
    sentence: { zh: '有一条标注对应到了比前面的标注更早的轮次，请核对它是否放对了位置。', en: 'An annotation went to a turn before those of the annotations listed ahead of it; check that it belongs there.' },
  },
  'merged-fragments': {
    name: { zh: '拆分的标注已合并', en: 'Split annotation merged' },
    sentence: { zh: '一个轮次收到了多条标注（可能是长话语被拆开标注），它们的值已合并。', en: 'One turn received several annotations (probably a long utterance split by the annotator); their values were merged.' },
  },
  'unknown-label': {
    name: { zh: '标签不在编码本中', en: 'Label not in the codebook' },
    sentence: { zh: '有一个值不是编码本中的标签，已原样保留并标记为待核查。', en: 'A value is not a label of the codebook; it was kept as written and marked to check.' },
    sentenceWithField: { zh: '“{field}”的值不是编码本中的标签，已原样保留并标记为待核查。', en: '{field}: the value is not a label of the codebook; it was kept as written and marked to check.' },
  },
  'not-applicable-value': {
    name: { zh: '字段不适用于该说话人', en: 'Value on a field that does not apply' },
    sentence: { zh: '有一个值填在不适用于该说话人的字段上，已保留并标记为待核查。', en: 'A value was given on a field that does not apply to this speaker; it was kept and marked to check.' },
    sentenceWithField: { zh: '“{field}”不适用于这一轮的说话人，但填了值；已保留并标记为待核查。', en: '{field}: this field does not apply to the turn’s speaker but has a value; it was kept and marked to check.' },
  },
  'conflicting-fragments': {
    name: { zh: '合并的标注互相冲突', en: 'Merged annotations disagree' },
    sentence: { zh: '合并的标注片段给出的值互相冲突，已标记为待解决的冲突。', en: 'The merged annotation fragments disagree; the value is marked as a conflict to resolve.' },
    sentenceWithField: { zh: '合并的标注片段在“{field}”上互相冲突，已标记为待解决的冲突。', en: '{field}: the merged annotation fragments disagree; the value is marked as a conflict to resolve.' },
  },
  'missing-column': {
    name: { zh: '缺少列', en: 'Column missing' },
    sentence: { zh: '必需的列没有指定，或者表头里没有这一列。请在列映射中选择。', en: 'A required column is not chosen or is not in the header; choose it in the column step.' },
  },
  'bad-row': {
    name: { zh: '行无法读取', en: 'Unreadable row' },
    sentence: { zh: '这一行无法读取（单元格数目不对、缺少编号或说话人，或顺序不是数字）。', en: 'This row cannot be read (wrong number of cells, no id or speaker, or an order that is not a number).' },
  },
  'duplicate-dialogue': {
    name: { zh: '对话重复出现', en: 'Dialogue appears twice' },
    sentence: { zh: '同一编号的对话在文件中出现了不止一次；两段都会导入，请核对是否为副本。', en: 'A dialogue with this id appears more than once; both are imported, so check whether one is a copy.' },
  },
  'duplicate-dialogue-across-files': {
    name: { zh: '对话编号与另一文件重复', en: 'Dialogue id also in another file' },
    sentence: {
      zh: '同一教师模型下，这段对话的编号（topic_id、student_id、repeat_id）也出现在本次导入的另一个文件中；两段都会导入，请核对其中一段是否为副本。',
      en: 'Another file of this import holds a dialogue of the same teacher model with the same topic_id, student_id and repeat_id; both are imported, so check whether one is a copy.',
    },
  },
  'duplicate-dialogue-in-dataset': {
    name: { zh: '对话编号已在数据集中', en: 'Dialogue id already in the data set' },
    sentence: {
      zh: '目标数据集中已有同一教师模型、同一编号（topic_id、student_id、repeat_id）的对话；两段都会保留，请核对这个文件是否之前导入过。',
      en: 'The data set already holds a dialogue of the same teacher model with the same topic_id, student_id and repeat_id; both are kept, so check whether this file was imported before.',
    },
  },
  'duplicate-turn-order': {
    name: { zh: '轮次顺序重复', en: 'Turn order repeated' },
    sentence: { zh: '同一段对话中有两行的轮次顺序相同，已按文件中的先后保留。', en: 'Two rows of one dialogue have the same turn order; they were kept in file order.' },
  },
  'empty-file': {
    name: { zh: '空文件', en: 'Empty file' },
    sentence: { zh: '文件是空的，没有可导入的内容。', en: 'The file is empty; there is nothing to import.' },
  },
  'header-only': {
    name: { zh: '只有表头', en: 'Header only' },
    sentence: { zh: '文件只有表头行，下面没有数据行，没有可导入的内容。', en: 'The file has a header row but no data rows under it; there is nothing to import.' },
  },
  'duplicate-column': {
    name: { zh: '列名重复', en: 'Column named twice' },
    sentence: { zh: '表头中同一个列名出现了两次，只能读取其中一列；请核对哪一列是数据，并给另一列改名。', en: 'The header names one column twice and only one of them can be read; check which holds the data and rename the other.' },
  },
  'unannotated-turns': {
    name: { zh: '部分轮次没有标注', en: 'Turns without annotation' },
    sentence: { zh: '这条记录的标注条目比轮次少：有些轮次没有对应的标注，导入后没有预标注可供核查。', en: 'This record has fewer annotation entries than turns: some turns have none and are imported without a pre-annotation to check.' },
  },
  'unusable-id': {
    name: { zh: '编号无法保留', en: 'Id cannot be kept' },
    sentence: {
      zh: '这条记录的 topic_id、student_id 或 repeat_id 无法按原样保留（例如是列表、超出范围的数字、带小数的数字，或超过 2^53 而失去精度的整数）；请把编号写成字符串。',
      en: 'A topic_id, student_id or repeat_id of this record cannot be kept as written (a list, a number out of range or with a fraction, or an integer past 2^53 that loses digits); write the id as a string.',
    },
  },
  'formula-like-id': {
    name: { zh: '编号像公式', en: 'Id looks like a formula' },
    sentence: {
      zh: '这条记录的编号以 =、+、-、@ 开头，像电子表格公式。已按原样保留（CSV 导出会在前面加 \' 以文本显示），但请核对文件：编号通常是数字或普通名称。',
      en: 'An id of this record starts with =, +, - or @, like a spreadsheet formula. It is kept as written (the CSV export adds a leading \' so it shows as text), but check the file: an id is usually a number or a plain name.',
    },
  },
  'not-text': {
    name: { zh: '字段不是文本', en: 'Field is not text' },
    sentence: {
      zh: '这条记录的 topic_text、student_type 或 scenario 不是文本：数字按文本保留，列表或对象留空；请写成字符串。',
      en: 'A topic_text, student_type or scenario of this record is not text: a number is kept as text, a list or object is left empty; write it as a string.',
    },
  },
  'lone-surrogate': {
    name: { zh: '残缺字符', en: 'Broken character' },
    sentence: {
      zh: '这条记录的文本中有不成对的代理项转义（\\ud800–\\udfff），它不代表任何字符：已按原样保留，但会显示为“\ufffd”，其他工具可能拒收；请在文件中改正。',
      en: 'Text in this record holds an unpaired surrogate escape (\\ud800–\\udfff), which stands for no character: it is kept as written but shows as "\ufffd", and other tools may refuse it; correct the text in the file.',
    },
  },
  'unsupported-format': {
    name: { zh: '不支持的格式', en: 'Unsupported format' },
    sentence: { zh: '这不是 Maieutic 能读取的格式。', en: 'This is not a format Maieutic reads.' },
  },
};

export const ISSUE_WORDS = {
  line: { zh: '第 {line} 行', en: 'Line {line}' },
  lineAndTurn: { zh: '第 {line} 行 · 第 {turn} 轮', en: 'Line {line} · turn {turn}' },
  detail: { zh: '详情', en: 'Details' },
} satisfies Record<string, Bilingual>;

/** The chip name of an issue code; an unknown code (from a newer parser) is shown as written. */
export function issueKindName(lang: LabelLanguage, code: string): string {
  const kind = (ISSUE_KINDS as Record<string, IssueKindWords | undefined>)[code];
  return kind ? kind.name[lang] : code;
}

/** The sentence for one issue, naming its field (already in display form) when it has one. */
export function issueSentence(lang: LabelLanguage, code: string, fieldName: string | null): string {
  const kind = (ISSUE_KINDS as Record<string, IssueKindWords | undefined>)[code];
  if (!kind) return code;
  if (fieldName !== null && kind.sentenceWithField) return fillPlaceholders(kind.sentenceWithField[lang], { field: fieldName });
  return kind.sentence[lang];
}

/** Where the problem is: the line, and the turn of that line's dialogue when the issue is about one turn. */
export function issueLine(lang: LabelLanguage, line: number, turn?: number): string {
  return turn === undefined ? fillPlaceholders(ISSUE_WORDS.line[lang], { line }) : fillPlaceholders(ISSUE_WORDS.lineAndTurn[lang], { line, turn });
}
