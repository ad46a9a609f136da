/**
 * A file named inside another file (a scenario's tasks.csv, the rules beside a codebook) is
 * resolved inside the folder of the file that names it. What may be named is checked here, on the
 * text alone; whether the file is really inside (no link out) and a regular file is checked where
 * the file is opened (electron/services/config-file.ts).
 */

/** Why `named` cannot be a file named by another file, or null when it is a plain relative path. */
export function namedPathProblem(named: string): string | null {
  if (named.trim() === '') return 'is empty';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(named)) return 'holds a control character';
  if (named.startsWith('/') || named.startsWith('\\') || /^[A-Za-z]:/.test(named) || named.startsWith('~')) return 'is an absolute path; name a file inside the folder of the file that names it, relative to that folder';
  if (named.split(/[\\/]/).includes('..')) return 'leaves the folder (..); name a file inside the folder of the file that names it';
  return null;
}
