/**
 * Reading the files a `generate` command line names (the scenario, its tasks.csv, the
 * connections file, the word list): regular files only — a FIFO or a device would block the read
 * for ever — within the import's size limit, a leading byte-order mark dropped.
 */
import { readFile, stat } from 'node:fs/promises';
import { tooLargeReason } from '../../../shared/import/file-rules';
import { fileLine } from '../terminal-text';

export async function readInputText(path: string, what: string): Promise<{ text: string } | { problem: string }> {
  try {
    const info = await stat(path);
    if (!info.isFile()) return { problem: fileLine(path, null, `cannot read the ${what}: ${info.isDirectory() ? 'a folder' : 'not a regular file'}`) };
    const tooLarge = tooLargeReason(info.size);
    if (tooLarge !== null) return { problem: fileLine(path, null, `cannot read the ${what}: ${tooLarge}`) };
    return { text: (await readFile(path, 'utf8')).replace(/^\uFEFF/, '') };
  } catch (error) {
    return { problem: fileLine(path, null, `cannot read the ${what} (${(error as NodeJS.ErrnoException).code ?? String(error)})`) };
  }
}
