/**
 * A config file dropped or picked in the renderer (a scenario, a synthesis spec) read by the same
 * rules as main's config-file reader: its kind's size limit before a byte is read, then the
 * import's decoding (GB18030 and UTF-16 without a byte-order mark named, never decoded with
 * replacement characters, as File.text() would).
 */
import { CONFIG_FILE_RULES, configTooLargeReason, decodeConfigBytes, type ConfigFileKind } from '../../../shared/config-files';

export interface DroppedFile {
  name: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export type ConfigTextRead = { ok: true; text: string } | { ok: false; line: number | null; message: string };

export async function readConfigFileText(file: DroppedFile, kind: ConfigFileKind): Promise<ConfigTextRead> {
  const tooLarge = configTooLargeReason(kind, file.size);
  if (tooLarge !== null) return { ok: false, line: null, message: `cannot read the ${CONFIG_FILE_RULES[kind].what}: ${tooLarge}` };
  const decoded = decodeConfigBytes(kind, new Uint8Array(await file.arrayBuffer()));
  return decoded.ok ? decoded : { ok: false, line: decoded.line, message: decoded.message };
}
