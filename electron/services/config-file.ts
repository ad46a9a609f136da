/**
 * The one reader of config files (scenarios, rubric sets, synthesis specs, codebooks and the files
 * they name), for main and the CLI alike: a regular file only (readRegularFile: a FIFO or a device
 * would block for ever), within its kind's size limit, decoded by the import's rules. A file named
 * by another file is resolved inside the folder of the file that names it and must stay there
 * once links are followed: `tasks: {csv: /proc/self/environ}` or a link out is refused by name,
 * before a byte of it is read.
 */
import { realpath } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { configTooLargeReason, decodeConfigBytes, type ConfigFileKind, CONFIG_FILE_RULES, namedPathProblem } from '../../shared/config-files';
import type { LikelyEncoding, TextEncodingName } from '../../shared/import/file-rules';
import { NODE_UTF8_DECODER } from './node-utf8';
import { errorCode, isInsideFolder, readRegularFile } from './regular-file';

export type ConfigFileRead =
  | { ok: true; text: string; path: string }
  | {
      ok: false;
      /** the file at fault, as named (the path given, or the name inside the naming file) */
      file: string;
      /** the line the problem is at, or null for the file as a whole */
      line: number | null;
      message: string;
      likely?: LikelyEncoding;
    };

/** `path`'s text, or why it cannot be read (`cannot read the scenario: a folder`). */
export async function readConfigFile(path: string, kind: ConfigFileKind, encoding?: TextEncodingName): Promise<ConfigFileRead> {
  const what = CONFIG_FILE_RULES[kind].what;
  const read = await readRegularFile(path, (size) => configTooLargeReason(kind, size));
  if (!read.ok) {
    const reason = read.code === 'ENOENT' ? 'no such file' : read.reason;
    return { ok: false, file: path, line: null, message: `cannot read the ${what}: ${reason}` };
  }
  const decoded = decodeConfigBytes(kind, read.bytes, encoding, NODE_UTF8_DECODER);
  if (!decoded.ok) return { ok: false, file: path, line: decoded.line, message: decoded.message, ...(decoded.likely ? { likely: decoded.likely } : {}) };
  return { ok: true, text: decoded.text, path };
}

/**
 * The file `named` in `namingFile` (at `where`, e.g. `tasks.csv`): a relative path inside the
 * naming file's folder, reached without leaving it, read as readConfigFile reads. Refused, naming
 * both, when it is absolute, climbs out with `..`, or is a link that leads out.
 */
export async function readNamedConfigFile(namingFile: string, where: string, named: string, kind: ConfigFileKind): Promise<ConfigFileRead> {
  const refuse = (reason: string): ConfigFileRead => ({ ok: false, file: namingFile, line: null, message: `${where} names "${named}", which ${reason}` });
  const problem = namedPathProblem(named);
  if (problem !== null) return refuse(problem);
  let folder: string;
  let target: string;
  try {
    folder = await realpath(dirname(namingFile));
  } catch (error) {
    return refuse(`cannot be looked up (${errorCode(error)})`);
  }
  try {
    target = await realpath(join(folder, named));
  } catch (error) {
    const code = errorCode(error);
    return refuse(code === 'ENOENT' ? `does not exist (looked for it beside ${namingFile})` : `cannot be read (${code})`);
  }
  if (!isInsideFolder(folder, target)) return refuse('is a link to a file outside the folder of the file that names it (not followed)');
  const read = await readConfigFile(target, kind);
  // problems are reported under the name the user wrote, resolved beside the naming file
  return read.ok ? read : { ...read, file: join(dirname(namingFile), named) };
}
