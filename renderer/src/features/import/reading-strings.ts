/**
 * Why a file was not read, and a stopped import, in the reader's language. Each skip code
 * (shared/import/skip-reasons.ts) gets a sentence naming its values; the English reason the
 * main process wrote stays beside it as the detail, as the parser's message does for issues.
 */
import type { LabelLanguage } from '../../../../shared/codebook/types';
import { budgetSeconds } from '../../../../shared/import/parse-time-budget';
import { IMPORTABLE_EXTENSIONS } from '../../../../shared/import/file-rules';
import type { SkipCode, SkipValues } from '../../../../shared/import/skip-reasons';
import { type Bilingual, featureText, fillPlaceholders } from '../../i18n/feature-strings';

const SUPPORTED = IMPORTABLE_EXTENSIONS.join(' ');

export const SKIP_SENTENCES: Record<SkipCode, Bilingual> = {
  'hidden-file': { zh: '隐藏文件，未读取。', en: 'Hidden file; not read.' },
  'hidden-folder': { zh: '隐藏文件夹，未读取其中的文件。', en: 'Hidden folder; its files were not read.' },
  'package-folder': { zh: '软件包文件夹（node_modules），未读取其中的文件。', en: 'A package folder (node_modules); its files were not read.' },
  'is-folder': { zh: '这是一个文件夹；请用“导入文件夹…”导入文件夹。', en: 'This is a folder; use “Import a folder…” to import a folder.' },
  'folder-unreadable': { zh: '无法打开这个文件夹（{error}）。', en: 'This folder could not be opened ({error}).' },
  unreadable: { zh: '无法读取这个文件（{error}）。', en: 'This file could not be read ({error}).' },
  'link-unfollowable': { zh: '这个链接指向的位置不存在或无法访问（{error}）。', en: 'This link points nowhere that can be read ({error}).' },
  'link-to-folder': { zh: '指向文件夹的链接不会被跟随。', en: 'A link to a folder is not followed.' },
  'link-outside-folder': { zh: '这个链接指向所选文件夹以外的文件，未读取。', en: 'This link points to a file outside the chosen folder; it was not read.' },
  fifo: { zh: '这是命名管道（FIFO），不是普通文件，未读取。', en: 'A named pipe (FIFO), not a regular file; not read.' },
  device: { zh: '这是设备文件，不是普通文件，未读取。', en: 'A device, not a regular file; not read.' },
  socket: { zh: '这是套接字，不是普通文件，未读取。', en: 'A socket, not a regular file; not read.' },
  'not-regular': { zh: '不是普通文件，未读取。', en: 'Not a regular file; not read.' },
  'not-on-disk': { zh: '拖入的内容不是磁盘上的文件，无法读取。', en: 'What was dropped is not a file on disk; it cannot be read.' },
  'excel-workbook': { zh: 'Excel 工作簿无法直接导入；请先另存为“CSV UTF-8”。', en: 'An Excel workbook cannot be imported directly; save it as “CSV UTF-8” first.' },
  'unsupported-type': { zh: '不支持的文件类型（{extension}）；支持：{supported}。', en: 'Unsupported file type ({extension}); supported: {supported}.' },
  'too-large': { zh: '文件过大（{size}；上限为 {limit}）。', en: 'Too large ({size}; the limit is {limit}).' },
  'total-exceeded': { zh: '加上这个文件，本次导入将超过 {limit}；请分开导入。', en: 'With this file the import would exceed {limit} in total; import it separately.' },
  'too-many-files': { zh: '已读取 {count} 个文件后停止；请选择较小的文件夹。', en: 'Stopped after {count} files; choose a smaller folder.' },
  'not-text': { zh: '无法作为文本读取（编码不是 UTF-8，或不是文本文件）。', en: 'Cannot be read as text (not UTF-8, or not a text file).' },
};

/** The sentence for one skipped file; an unknown code (from a newer main process) is shown as written. */
export function skipSentence(lang: LabelLanguage, code: string, values: SkipValues = {}): string {
  const sentence = (SKIP_SENTENCES as Record<string, Bilingual | undefined>)[code];
  return sentence ? fillPlaceholders(sentence[lang], { supported: SUPPORTED, ...values }) : code;
}

const READING_STRINGS = {
  skippedDetail: { zh: '详情', en: 'Details' },
  overBudgetVerdict: { zh: '已停止 · 用时过长', en: 'Stopped · took too long' },
  overBudget: {
    zh: '读取 {file} 超过了每个文件允许的 {seconds} 秒，已停止。这个文件不会导入，其中的内容一概不保存；其他文件不受影响。',
    en: 'Reading {file} took longer than the {seconds} s allowed for one file, so it was stopped. This file cannot be imported and nothing from it is stored; the other files are not affected.',
  },
  cancelledTitle: { zh: '导入已取消', en: 'Import cancelled' },
  cancelledText: { zh: '读取已停止，没有保存任何内容。可以重新选择文件。', en: 'Reading was stopped and nothing was stored. You can choose files again.' },
} satisfies Record<string, Bilingual>;

export type ReadingStringKey = keyof typeof READING_STRINGS;

const readingWords = featureText(READING_STRINGS);
export const readingText = readingWords.text;
export const useReadingText = readingWords.useText;

export function overBudgetSentence(lang: LabelLanguage, file: string, budgetMs: number): string {
  return readingText(lang, 'overBudget', { file, seconds: budgetSeconds(budgetMs) });
}
