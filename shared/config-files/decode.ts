/**
 * Bytes of a config file as text, by the import's rules (decodeImportBytes): UTF-8, or UTF-16
 * with a byte-order mark, or the encoding the user chose. GB18030 (GBK) and UTF-16 without a
 * byte-order mark are recognised and named as the import names them, never decoded with
 * replacement characters: a GBK scenario read as UTF-8 would put U+FFFD into every prompt.
 */
import { decodeImportBytes, type LikelyEncoding, type TextEncodingName, type Utf8Decoder, WEB_UTF8_DECODER } from '../import/file-rules';
import { CONFIG_FILE_RULES, type ConfigFileKind } from './kinds';

export type ConfigDecodeResult =
  | { ok: true; text: string }
  | {
      ok: false;
      /** the first line that could not be read (1 for the file as a whole) */
      line: number;
      /** `cannot read the scenario: line 2 is not valid UTF-8 (column 7); it looks like GB18030 …` */
      message: string;
      likely?: LikelyEncoding;
    };

export function decodeConfigBytes(kind: ConfigFileKind, bytes: Uint8Array, encoding?: TextEncodingName, utf8: Utf8Decoder = WEB_UTF8_DECODER): ConfigDecodeResult {
  const decoded = decodeImportBytes(bytes, encoding, utf8);
  if (decoded.ok) return decoded;
  // the import's advice on a binary file is about dialogues: a config file only needs to be named for what it is
  const reason = decoded.kind === 'binary' ? decoded.reason.split(';')[0] : decoded.reason;
  const advice = decoded.likely ? '; save it as UTF-8' : '';
  return { ok: false, line: decoded.line, message: `cannot read the ${CONFIG_FILE_RULES[kind].what}: ${reason}${advice}`, ...(decoded.likely ? { likely: decoded.likely } : {}) };
}
