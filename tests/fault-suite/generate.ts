/**
 * Writes every fault-suite kind under a folder (a fresh temporary one unless given) and prints
 * or returns the manifest: where each kind's input is and how to feed it.
 *   npx tsx tests/fault-suite/generate.ts [folder]
 */
import { mkdirSync, mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FAULT_KINDS, type Expectation } from './kinds';

export interface GeneratedKind {
  id: string;
  /** the input surface it attacks (kinds/index.ts) */
  surface: string;
  /** the runner of tests/fault-suite/runners/ that feeds it to an app path, or null */
  runner: string | null;
  expect: Expectation;
  /** the input path, or null when this system cannot make it */
  target: string | null;
  unavailable?: string;
  /** the CLI's arguments with the target filled in; null: not fed to the CLI */
  cli: string[] | null;
  app: boolean;
  /** fed to the restore path (restore-runner.ts) */
  restore: boolean;
  mentions: string[];
  terminal: boolean;
  refusesCommandLine: boolean;
}

export function generateFaultInputs(root = realpathSync(mkdtempSync(join(tmpdir(), 'maieutic-fault-suite-')))): { root: string; kinds: GeneratedKind[] } {
  const kinds = FAULT_KINDS.map((kind, index): GeneratedKind => {
    const dir = join(root, String(index).padStart(3, '0'));
    mkdirSync(dir, { recursive: true });
    const built = kind.build(dir);
    const target = typeof built === 'string' ? built : null;
    const cli = kind.cli === null || target === null ? null : (kind.cli ?? ['validate', '{}', '--json']).map((arg) => arg.replaceAll('{}', target));
    return {
      id: kind.id,
      surface: kind.surface ?? 'unnamed',
      runner: target === null ? null : (kind.runner ?? null),
      expect: kind.expect,
      target,
      ...(typeof built === 'string' ? {} : { unavailable: built.unavailable }),
      cli,
      app: kind.app !== false && !kind.restore && kind.runner === undefined && target !== null,
      restore: kind.restore === true && target !== null,
      mentions: [...(kind.mentions ?? [])],
      terminal: kind.terminal === true,
      refusesCommandLine: kind.refusesCommandLine === true,
    };
  });
  return { root, kinds };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { root, kinds } = generateFaultInputs(process.argv[2]);
  process.stdout.write(`${JSON.stringify({ root, kinds }, null, 2)}\n`);
}
