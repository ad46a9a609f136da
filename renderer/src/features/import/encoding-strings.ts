/**
 * Words of the offer to read a skipped file in the encoding it more likely has (GB18030 for
 * Chinese text saved on Windows, UTF-16 without a byte-order mark), kept beside the offer.
 */
import type { TextEncodingName } from '../../../../shared/import/file-rules';
import { type Bilingual, featureText } from '../../i18n/feature-strings';

export const ENCODING_STRINGS = {
  title: { zh: '可能是其他编码的文件', en: 'Files that may be in another encoding' },
  looksLike: {
    zh: '“{file}”不是 UTF-8 文本，看起来是 {encoding}编码{why}。按 {encoding}读取时，内容开头为：',
    en: '“{file}” is not UTF-8 text; it looks like {encoding}{why}. Read as {encoding}, it begins:',
  },
  whyGb: { zh: '（中文 Windows 上保存文本的常用编码）', en: ' (the usual encoding of Chinese text saved on Windows)' },
  whyUtf16: { zh: '（没有字节顺序标记）', en: ' (without a byte-order mark)' },
  readAs: { zh: '按 {encoding}读取', en: 'Read as {encoding}' },
  readAsMark: { zh: '已按 {encoding}读取（不是 UTF-8）', en: 'Read as {encoding} (not UTF-8)' },
  readAsMarkTitle: {
    zh: '这个文件不是 UTF-8，是你选择按 {encoding}读取的；如果文字显示不对，请不要导入它。',
    en: 'This file is not UTF-8; you chose to read it as {encoding}. If its text looks wrong, do not import it.',
  },
  check: {
    zh: '如果这段文字显示正常，请按这种编码读取；读取后，文件会和其他文件一起检查。',
    en: 'If this text reads correctly, read the file this way: it is then checked with the other files.',
  },
} satisfies Record<string, Bilingual>;

export const ENCODING_LABELS: Record<TextEncodingName, Bilingual> = {
  'utf-8': { zh: 'UTF-8', en: 'UTF-8' },
  gb18030: { zh: 'GB18030（GBK）', en: 'GB18030 (GBK)' },
  'utf-16le': { zh: 'UTF-16（小端序）', en: 'UTF-16 little-endian' },
  'utf-16be': { zh: 'UTF-16（大端序）', en: 'UTF-16 big-endian' },
};

export const encodingWords = featureText(ENCODING_STRINGS);
