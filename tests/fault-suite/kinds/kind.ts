/**
 * What a fault-suite kind is, and the small builders the surfaces' kind files share. Each kind
 * writes its files under its own folder at test time (nothing large is committed) and says what
 * the CLI and the app must do with it.
 */
import { folder, join, sidLine, writeBytes } from '../builders';

/**
 * refused: a clear error naming file:line (or the file skipped with its reason);
 * warned: read with at least one warning (or refused: stricter is fine, silence is not);
 * flagged: odd rather than wrong, so either of the two;
 * accepted: read without errors (warnings allowed): a valid input must not be refused.
 */
export type Expectation = 'refused' | 'warned' | 'flagged' | 'accepted';

export interface FaultKind {
  /** the input surface it attacks (kinds/index.ts sets it from the surface's list) */
  surface?: string;
  /**
   * A runner of tests/fault-suite/runners/ (its file name, without .ts) that feeds the kind to an
   * app path of its own (a work package, a scenario, an LLM job) and classifies what came out.
   */
  runner?: string;
  id: string;
  expect: Expectation;
  /** the CLI's arguments after the program; `{}` is the kind's target. Default: validate {} --json. null: not a CLI input */
  cli?: readonly string[] | null;
  /** through the app's import path (main-process file services + parseSourceFile). Default true */
  app?: boolean;
  /** a backup or project file, through the app's restore path (restore-runner.ts) instead of the import's */
  restore?: boolean;
  /** words every refusal or warning must include somewhere (e.g. the encoding it names) */
  mentions?: readonly string[];
  /** also run the CLI's text output and check it writes no raw control characters */
  terminal?: boolean;
  /**
   * The refusal is of the command line itself (exit 2, as a wrong option is), before any work: an
   * --out that would write over the inputs. Any other exit is then a failure of the check.
   */
  refusesCommandLine?: boolean;
  /** writes the input under `dir`; returns the target path, or a reason it cannot exist on this system */
  build(dir: string): string | { unavailable: string };
}


export const jsonl = (...lines: string[]) => `${lines.join('\n')}\n`;
export const GOOD = sidLine();

export const text = (id: string, expect: Expectation, name: string, content: string | Uint8Array, extra: Partial<FaultKind> = {}): FaultKind => ({
  id,
  expect,
  build: (dir) => writeBytes(join(dir, name), content),
  ...extra,
});

export const inFolder = (id: string, expect: Expectation, files: Record<string, string | Uint8Array>, extra: Partial<FaultKind> = {}): FaultKind => ({
  id,
  expect,
  build: (dir) => {
    const root = folder(join(dir, 'GPT-4o'));
    for (const [name, content] of Object.entries(files)) writeBytes(join(root, name), content);
    return root;
  },
  ...extra,
});
