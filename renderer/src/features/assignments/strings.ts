/** The assignment packages' words (zh/en): the owner's export and import of work, the annotator's banner. */
import { featureText } from '../../i18n/feature-strings';

export const ASSIGNMENT_STRINGS = {
  exportAssignment: { zh: '导出标注任务…', en: 'Export assignment…' },
  importWork: { zh: '导入标注员的成果…', en: "Import annotator's work…" },
  exportTitle: { zh: '导出标注任务包', en: 'Export an assignment package' },
  exportIntro: {
    zh: '所选对话写入一个文件，交给另一位标注员在其电脑上独立标注；对方发回的成果文件会成为本数据集的一个标注层，可在一致性视图中比较。',
    en: 'The chosen dialogues go into one file for another annotator to label independently on their own computer; the work file they send back becomes an annotation layer of this data set, compared in the agreement view.',
  },
  annotatorName: { zh: '标注员姓名', en: "Annotator's name" },
  scope: { zh: '对话', en: 'Dialogues' },
  scopeAll: { zh: '全部 {n} 个对话', en: 'All {n} dialogues' },
  scopeShown: { zh: '表格中筛选出的 {n} 个对话（按表格顺序）', en: 'The {n} dialogues the table shows (in its order)' },
  blind: { zh: '盲标（不附模型预标注；其他标注员的结果从不附带）', en: 'Blind (no model pre-annotation; other annotators’ values are never included)' },
  save: { zh: '保存任务包…', en: 'Save package…' },
  saving: { zh: '正在保存…', en: 'Saving…' },
  close: { zh: '关闭', en: 'Close' },
  needName: { zh: '请填写标注员姓名。', en: "Enter the annotator's name." },
  sent: { zh: '已为 {name} 保存 {n} 个对话的任务包：{path}', en: 'Saved an assignment of {n} dialogues for {name}: {path}' },
  sentCount: { zh: '已发出的任务包：{n}，已导回：{back}', en: 'Assignments sent: {n}, returned: {back}' },
  imported: {
    zh: '已导入 {name} 的成果，作为标注层“{layer}”——对话：{dialogues}，话轮：{turns}，字段值：{fields}（不确定 {unsure}），已确认话轮：{verified}。',
    en: 'Imported the work of {name} as layer “{layer}” — dialogues: {dialogues}, turns: {turns}, field values: {fields} ({unsure} unsure), verified turns: {verified}.',
  },
  importedReplaced: { zh: '（已替换之前导入的版本）', en: '(replacing the version imported before)' },
  openAgreement: { zh: '打开一致性视图', en: 'Open the agreement view' },
  replaceTitle: { zh: '此任务的成果已经导入过', en: 'Work on this assignment was already imported' },
  replaceBody: {
    zh: '标注层“{layer}”来自同一任务的较早版本。用 {file} 替换它吗？旧的标注层将被删除。',
    en: 'Layer “{layer}” came from an earlier export of the same assignment. Replace it with {file}? The old layer is deleted.',
  },
  replace: { zh: '替换', en: 'Replace' },
  keep: { zh: '保留原来的', en: 'Keep the old one' },
  refused: { zh: '未导入：', en: 'Nothing was imported:' },
  cannotOpen: { zh: '无法打开此任务包：', en: 'This package cannot be opened:' },
  code_not_json: { zh: '文件不是有效的 JSON。', en: 'the file is not valid JSON.' },
  code_too_large: { zh: '文件超过任务包的大小上限。', en: 'the file is larger than a package may be.' },
  code_too_deep: { zh: '文件中的列表和对象嵌套过深（最多 64 层）。', en: 'its lists and objects are nested too deeply (64 levels at most).' },
  code_wrong_kind: { zh: '这不是此处需要的文件类型（任务包或成果包）。', en: 'it is not the kind of package expected here (assignment or work).' },
  code_invalid: { zh: '文件内容不完整或有误。', en: 'the file is incomplete or wrong.' },
  code_codebook_mismatch: { zh: '编码手册版本不一致（文件被修改过，或来自另一版本的编码手册）。', en: 'the codebook version differs (the file was edited, or it was made with another version of the codebook).' },
  code_dataset_mismatch: { zh: '它属于另一个数据集。', en: 'it belongs to another data set.' },
  code_unknown_assignment: { zh: '本数据集没有发出过这个任务。', en: 'no such assignment was sent from this data set.' },
  code_already: { zh: '同一份成果已经导入过，没有重复导入。', en: 'the same work was already imported; nothing was doubled.' },
  detail: { zh: '详情（英文，可复制）：{message}', en: 'Details: {message}' },
  onePackage: { zh: '请只选择一个成果文件。', en: 'Choose one work file.' },
  openTitle: { zh: '打开标注任务', en: 'Open an assignment' },
  openBody: {
    zh: '这是“{dataset}”的数据集所有者发给 {name} 的任务：{n} 个对话{blind}。打开后将建立一个只含这些对话的数据集。',
    en: 'An assignment for {name} from the owner of “{dataset}”: {n} dialogues{blind}. Opening it makes a data set of these dialogues only.',
  },
  openBlind: { zh: '，盲标（无预标注）', en: ', blind (no pre-annotation)' },
  reviewerName: { zh: '您的审阅人姓名（写入每条标注）', en: 'Your name as reviewer (recorded on every label)' },
  confirmOpen: { zh: '以此姓名打开任务', en: 'Open the assignment under this name' },
  cancel: { zh: '取消', en: 'Cancel' },
  alreadyOpen: { zh: '此任务已在本机打开，已切换到该数据集。', en: 'This assignment is already open here; its data set is shown.' },
  banner: { zh: '{from} 发给 {name} 的任务：已完成 {done} / {total} 个对话（已确认 {verified} / {turns} 个话轮）', en: 'Assignment for {name} from {from}: {done} of {total} dialogues done ({verified} of {turns} turns verified)' },
  bannerBlind: { zh: '盲标：不显示模型预标注，请自己选择每个标签。', en: 'Blind: no model pre-annotation is shown; choose every label yourself.' },
  reviewBlind: { zh: '盲标任务：没有建议。说话人和话语按原文显示；每个标签由您自己选择，按 v 确认本轮。', en: 'Blind assignment: no suggestions. The speaker and utterance are shown as written; choose each label yourself, then press v to verify the turn.' },
  exportWork: { zh: '导出我的成果…', en: 'Export my work…' },
  workSaved: { zh: '已保存成果包：{path}。请把这个文件发回给数据集所有者。', en: 'Work saved to {path}. Send this file back to the owner of the data set.' },
  workNeedName: { zh: '请先确认审阅人姓名。', en: 'Confirm your reviewer name first.' },
} as const;

export type AssignmentStringKey = keyof typeof ASSIGNMENT_STRINGS;

export const { text: assignmentText, useText: useAssignmentText } = featureText<AssignmentStringKey>(ASSIGNMENT_STRINGS);
