/**
 * The imports of the code base, read from the source text (we carry no linter), for the layering
 * rules in import-rules.test.ts. Paths are repository-relative with `/`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { REPO_ROOT } from '../../support/repo-paths';

export interface ImportSite {
  file: string;
  line: number;
  specifier: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const IMPORT_PATTERN = /(?:^|[\s;])(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/gm;

export function importSites(file: string, text: string): ImportSite[] {
  const sites: ImportSite[] = [];
  for (const match of text.matchAll(IMPORT_PATTERN)) {
    const specifier = match[3] ?? match[4];
    const line = text.slice(0, match.index).split('\n').length + (match[0].startsWith('\n') ? 1 : 0);
    sites.push({ file, line, specifier, typeOnly: Boolean(match[2]) });
  }
  return sites;
}

const repoPath = (absolute: string) => relative(REPO_ROOT, absolute).split(sep).join('/');

function sitesOfFile(file: string): ImportSite[] {
  return importSites(file, readFileSync(join(REPO_ROOT, file), 'utf8'));
}

export function sitesUnder(folder: string): ImportSite[] {
  return sourceFiles(join(REPO_ROOT, folder)).flatMap((path) => sitesOfFile(repoPath(path)));
}

export const describeSite = (site: ImportSite) => `${site.file}:${site.line} imports '${site.specifier}'`;

/** The repository path a relative specifier names (as written, without resolving an extension), or null for a package. */
export function targetOf(site: Pick<ImportSite, 'file' | 'specifier'>): string | null {
  if (!site.specifier.startsWith('.')) return null;
  return posix.normalize(posix.join(posix.dirname(site.file), site.specifier));
}

/** Whether `path` is `folder` or lies inside it. */
export function isUnder(path: string | null, folder: string): boolean {
  return path !== null && (path === folder || path.startsWith(`${folder}/`));
}

const RESOLVED_SUFFIXES = ['', '.ts', '.tsx', '.mts', '.mjs', '.json', '/index.ts'];

/** The source file a relative import loads, as a bundler resolves it; null for a package or a name that resolves to nothing. */
function resolvedFile(site: ImportSite): string | null {
  const target = targetOf(site);
  if (target === null) return null;
  for (const suffix of RESOLVED_SUFFIXES) {
    const candidate = `${target}${suffix}`;
    if (statSync(join(REPO_ROOT, candidate), { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  throw new Error(`${describeSite(site)}, which names no file`);
}

/** Every repository file reached from `entry` through relative imports, `entry` included. */
export function reachableFiles(entry: string): string[] {
  const seen = new Set<string>([entry]);
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (!/\.(ts|tsx|mts|mjs)$/.test(file)) continue;
    for (const site of sitesOfFile(file)) {
      const next = resolvedFile(site);
      if (next !== null && !seen.has(next)) {
        seen.add(next);
        pending.push(next);
      }
    }
  }
  return [...seen].sort();
}
