/**
 * Where `annotate` writes, checked before any call. Every output file must lie under --out (no
 * link inside it leads out), apart from every input, and two inputs never make the same output.
 * A file already at an output path is written over only when an earlier run of the same job
 * wrote it and it is unchanged since: --out/.maieutic/written.json (the ledger) records, per
 * output file, the job that wrote it and the SHA-256 of what it wrote. Anything else (an expert's
 * own file, another job's output, an output edited by hand) is refused, naming the file.
 */
import { createHash } from 'node:crypto';
import { lstat, mkdir, readFile, realpath } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { canonicalJson } from '../../../shared/llm/cache-key';
import { writeFileAtomic } from '../../services/atomic-write';
import { makePrivateDir, writePrivateFileAtomic } from '../../services/private-files';
import { isWithin, realPathOf, shownPath, type PathArgument } from '../output-paths';

const LEDGER_VERSION = 1;
const REMEDY = 'Write to another --out, or remove the file to have annotate write it.';

const sha256 = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');

/** What makes two runs the same job: the same inputs, endpoint, model and sample. */
export function annotateJobKey(parts: { inputs: readonly string[]; baseURL: string; model: string; sample: number; seed: number }): string {
  return sha256(canonicalJson({ command: 'annotate', ...parts, inputs: [...parts.inputs] }));
}

interface LedgerEntry {
  job: string;
  /** what this job wrote there: the last write's hash, and the one before while a write is under way */
  sha256: string[];
}

interface LedgerContent {
  version: number;
  files: Record<string, LedgerEntry>;
}

function readLedger(text: string): LedgerContent | null {
  try {
    const value = JSON.parse(text) as Partial<LedgerContent> | null;
    if (!value || value.version !== LEDGER_VERSION || !value.files || typeof value.files !== 'object' || Array.isArray(value.files)) return null;
    for (const entry of Object.values(value.files)) {
      if (!entry || typeof entry.job !== 'string' || !Array.isArray(entry.sha256) || !entry.sha256.every((hash) => typeof hash === 'string')) return null;
    }
    return value as LedgerContent;
  } catch {
    return null;
  }
}

/** The ledger of one --out folder. */
export class WrittenLedger {
  private constructor(
    private readonly file: string,
    private readonly content: LedgerContent,
  ) {}

  /** The ledger of `out` (empty when there is none yet), or what is wrong with it. */
  static async open(out: string): Promise<WrittenLedger | { problem: string }> {
    const file = join(out, '.maieutic', 'written.json');
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new WrittenLedger(file, { version: LEDGER_VERSION, files: {} });
      return { problem: `${file}: cannot read the record of the files annotate wrote here (${(error as NodeJS.ErrnoException).code ?? String(error)}). Write to another --out.` };
    }
    const content = readLedger(text);
    if (!content) return { problem: `${file}: not the record of the files annotate wrote here (not its JSON). Write to another --out.` };
    return new WrittenLedger(file, content);
  }

  /** Why `target` (at `key` under --out) may not be written by `job`, or null when it may. */
  async writeProblem(target: string, key: string, job: string): Promise<string | null> {
    let info;
    try {
      info = await lstat(target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      return `${target}: cannot be checked (${(error as NodeJS.ErrnoException).code ?? String(error)}). ${REMEDY}`;
    }
    if (info.isSymbolicLink()) return `${target}: is a link, which annotate did not make. ${REMEDY}`;
    if (!info.isFile()) return `${target}: is not a regular file. ${REMEDY}`;
    const entry = Object.hasOwn(this.content.files, key) ? this.content.files[key] : undefined;
    if (!entry) return `${target}: already exists, and no annotate run into this --out recorded writing it (.maieutic/written.json); it is never written over. ${REMEDY}`;
    if (entry.job !== job) return `${target}: was written by another annotate run (other inputs, endpoint, model or sample); it is not written over. ${REMEDY}`;
    if (!entry.sha256.includes(sha256(await readFile(target)))) return `${target}: was changed since annotate wrote it; the change is kept. ${REMEDY}`;
    return null;
  }

  /**
   * Writes `text` to `target` for `job`: the ledger learns the new content's hash first (beside
   * the previous one), so a run killed between the two writes leaves a file it still owns.
   */
  async write(target: string, key: string, job: string, text: string): Promise<void> {
    const hash = sha256(text);
    const previous = this.content.files[key];
    const kept = previous?.job === job ? previous.sha256.filter((known) => known !== hash).slice(-1) : [];
    this.content.files[key] = { job, sha256: [...kept, hash] };
    await this.save();
    await mkdir(dirname(target), { recursive: true });
    await writeFileAtomic(target, text);
    this.content.files[key] = { job, sha256: [hash] };
  }

  /** Saves the ledger as it stands once every file is written; it lives in the run's private folder (0700, the ledger 0600). */
  save(): Promise<number> {
    return makePrivateDir(dirname(this.file)).then(() => writePrivateFileAtomic(this.file, `${JSON.stringify(this.content, null, 1)}\n`));
  }
}

export interface OutputTarget {
  /** the output path relative to --out, with the platform's separators */
  outputPath: string;
  /** the input files whose dialogues go there */
  inputs: string[];
}

/**
 * What keeps the run from writing `targets` under `out`, or an empty list: two inputs making one
 * output, an output path that is an input file or lies inside an input folder (through a link
 * inside --out), one whose link leads out of --out, and a file there the ledger does not give
 * to this job.
 */
export async function outputProblems(options: { out: PathArgument; inputFolders: readonly PathArgument[]; inputFiles: readonly string[]; targets: readonly OutputTarget[]; ledger: WrittenLedger; job: string }): Promise<string[]> {
  const { out, inputFolders, targets, ledger, job } = options;
  const problems: string[] = [];
  const inputFiles = new Map<string, string>();
  for (const input of options.inputFiles) inputFiles.set(await realpath(input).catch(() => realPathOf(input)), input);
  for (const target of targets) {
    const path = join(out.path, target.outputPath);
    if (target.inputs.length > 1) {
      problems.push(`${target.inputs.join(' and ')}: would all be written to ${path}. Annotate them with separate --out folders.`);
      continue;
    }
    const real = await realPathOf(path);
    const input = inputFiles.get(real);
    const folder = inputFolders.find((candidate) => isWithin(real, candidate.real));
    if (input !== undefined) problems.push(`${shownPath(path, real)}: is the input file ${input}; annotate would write over it. Write to another --out.`);
    else if (folder) problems.push(`${shownPath(path, real)}: lies inside the input folder ${folder.path} (through a link inside --out). Write to another --out.`);
    else if (!isWithin(real, out.real)) problems.push(`${shownPath(path, real)}: a link inside --out leads out of it; annotate writes only under --out. Write to another --out.`);
    else {
      const problem = await ledger.writeProblem(path, ledgerKey(target.outputPath), job);
      if (problem !== null) problems.push(problem);
    }
  }
  return problems;
}

/** The ledger names a file by its path under --out with forward slashes, the same on every system. */
export const ledgerKey = (outputPath: string): string => outputPath.split(sep).join('/');
