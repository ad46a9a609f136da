/**
 * Reading the files a command line names (a scenario, a spec, a connections file, a word list)
 * through the one config-file reader (electron/services/config-file.ts): regular files only,
 * within their kind's size limit, decoded by the import's rules. The files a scenario names are
 * read with readNamedInputText, inside the scenario's folder.
 */
import type { ConfigFileKind } from '../../../shared/config-files';
import { readConfigFile, readNamedConfigFile, type ConfigFileRead } from '../../services/config-file';
import { fileLine } from '../terminal-text';

export type InputTextRead = { text: string } | { problem: string };

function asInputText(read: ConfigFileRead): InputTextRead {
  return read.ok ? { text: read.text } : { problem: fileLine(read.file, read.line, read.message) };
}

export async function readInputText(path: string, kind: ConfigFileKind): Promise<InputTextRead> {
  return asInputText(await readConfigFile(path, kind));
}

/** The file `named` at `where` in `namingFile`, resolved inside its folder (readNamedConfigFile). */
export async function readNamedInputText(namingFile: string, where: string, named: string, kind: ConfigFileKind): Promise<InputTextRead & { path?: string }> {
  const read = await readNamedConfigFile(namingFile, where, named, kind);
  return read.ok ? { text: read.text, path: read.path } : asInputText(read);
}
