/**
 * The kinds every config-file surface shares (scenario, synthesis-spec, rubric-set, codebook):
 * the file in another encoding, not text, empty, not a regular file, too large, nested past the
 * import's 64 levels. Each surface adds the kinds of its own format.
 */
import { readFileSync } from 'node:fs';
import { concat, fifo, folder, join, link, sparseFile, utf16, writeBytes } from '../builders';
import { gbkBytes } from '../gbk';
import { RESOURCES_DIR } from '../../support/repo-paths';
import { PNG } from './import';
import type { FaultKind } from './kind';

export const resourceText = (path: string): string => readFileSync(join(RESOURCES_DIR, path), 'utf8');

/** `text` in GBK, a character GBK has no code for written as `?` (as Notepad does). */
export function gbkOf(text: string): Uint8Array {
  return concat(...Array.from(text, (char) => {
    try {
      return gbkBytes(char);
    } catch {
      return '?';
    }
  }));
}

export interface ConfigSurface {
  /** the kinds' id prefix and the surface's name */
  prefix: string;
  /** the file's name inside the kind's folder */
  file: string;
  /** a valid file of the surface */
  valid: string;
  /** the size limit (a file one byte over it is refused before it is read) */
  maxBytes: number;
  /** a valid file nested far past 64 levels */
  deep: string;
  /** the command line that reads the file (`{}` the kind's folder), or null where no command takes it */
  cli: readonly string[] | null;
  /** what else the folder holds for the command line (a results file) */
  beside?: Record<string, string>;
}

/** A kind whose folder holds `content` as the surface's file (or builds it with `make`). */
export function configKind(surface: ConfigSurface, id: string, expect: FaultKind['expect'], make: (path: string, dir: string) => string | null, extra: Partial<FaultKind> = {}): FaultKind {
  return {
    id: `${surface.prefix}/${id}`,
    expect,
    app: false,
    runner: 'config-files',
    // a command would go on to call an endpoint with a file it reads: only refusals are fed to it
    cli: expect === 'refused' ? surface.cli : null,
    build: (dir) => {
      const root = folder(join(dir, 'config'));
      for (const [name, content] of Object.entries(surface.beside ?? {})) writeBytes(join(root, name), content);
      return make(join(root, surface.file), root) === null ? { unavailable: 'no mkfifo on this system' } : root;
    },
    ...extra,
  };
}

export function sharedConfigKinds(surface: ConfigSurface): FaultKind[] {
  const bom = (bytes: readonly number[], body: Uint8Array) => concat(bytes, body);
  return [
    configKind(surface, 'valid', 'accepted', (path) => writeBytes(path, surface.valid)),
    configKind(surface, 'gbk-encoded', 'refused', (path) => writeBytes(path, gbkOf(surface.valid)), { mentions: ['GB18030'] }),
    configKind(surface, 'utf16le-without-bom', 'refused', (path) => writeBytes(path, utf16(surface.valid, 'le')), { mentions: ['UTF-16 little-endian'] }),
    configKind(surface, 'utf16be-without-bom', 'refused', (path) => writeBytes(path, utf16(surface.valid, 'be')), { mentions: ['UTF-16 big-endian'] }),
    configKind(surface, 'utf16le-with-bom', 'accepted', (path) => writeBytes(path, bom([0xff, 0xfe], utf16(surface.valid, 'le')))),
    configKind(surface, 'utf16be-with-bom', 'accepted', (path) => writeBytes(path, bom([0xfe, 0xff], utf16(surface.valid, 'be')))),
    configKind(surface, 'png', 'refused', (path) => writeBytes(path, Uint8Array.from(PNG)), { mentions: ['PNG'] }),
    configKind(surface, 'empty-file', 'refused', (path) => writeBytes(path, '')),
    configKind(surface, 'fifo', 'refused', (path) => fifo(path), { mentions: ['FIFO'] }),
    configKind(surface, 'folder-as-file', 'refused', (path) => folder(path), { mentions: ['folder'] }),
    // the environment holds NUL bytes between its variables: refused as not text, nothing of it quoted
    configKind(surface, 'link-to-proc-environ', 'refused', (path) => link('/proc/self/environ', path)),
    configKind(surface, 'oversized', 'refused', (path) => sparseFile(path, surface.maxBytes + 1), { mentions: ['too large'] }),
    configKind(surface, 'nested-past-64-levels', 'refused', (path) => writeBytes(path, surface.deep), { mentions: ['64 levels'] }),
  ];
}
