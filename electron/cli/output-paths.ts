/**
 * Where a command writes, compared with what it reads, by real path (links resolved): an output
 * that is, lies inside or holds an input would write over the files being read, or have the next
 * run read its own output as input. Commands refuse such a command line before any work.
 */
import { realpath } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The real path of `path`, which need not exist yet: its deepest existing ancestor with links
 * resolved, the rest appended as written (a folder `--out` makes later).
 */
export async function realPathOf(path: string): Promise<string> {
  const absolute = resolve(path);
  const missing: string[] = [];
  for (let at = absolute; ; at = dirname(at)) {
    try {
      return join(await realpath(at), ...missing.reverse());
    } catch {
      if (dirname(at) === at) return absolute;
      missing.push(basename(at));
    }
  }
}

/** True when `inner` is `outer` or lies somewhere under it (both real, absolute paths). */
export function isWithin(inner: string, outer: string): boolean {
  const path = relative(outer, inner);
  return path === '' || (path !== '..' && !path.startsWith(`..${sep}`) && !path.startsWith(sep) && !/^[A-Za-z]:/.test(path));
}

/** `path`, and its real path beside it when a link makes them differ. */
export function shownPath(path: string, real: string): string {
  return resolve(path) === real ? path : `${path} (${real})`;
}

export interface PathArgument {
  /** as given on the command line */
  path: string;
  /** realPathOf(path) */
  real: string;
}

export async function pathArgument(path: string): Promise<PathArgument> {
  return { path, real: await realPathOf(path) };
}

/**
 * What is wrong with writing to `out` (a folder or a file) while reading `inputs`, or null: it is
 * an input, lies inside an input folder, or holds an input. The message names both paths.
 */
export function outputOverlap(out: PathArgument, inputs: readonly PathArgument[], what: { out: string; remedy: string }): string | null {
  for (const input of inputs) {
    const outShown = shownPath(out.path, out.real);
    const inputShown = shownPath(input.path, input.real);
    if (out.real === input.real) return `${what.out} ${outShown} is the input ${inputShown}: writing there would replace what is read. ${what.remedy}`;
    if (isWithin(out.real, input.real)) return `${what.out} ${outShown} lies inside the input folder ${inputShown}: the output would be written among the files read, and read as input by the next run. ${what.remedy}`;
    if (isWithin(input.real, out.real)) return `the input ${inputShown} lies inside ${what.out} ${outShown}: the output could replace the files read. ${what.remedy}`;
  }
  return null;
}
