/**
 * The layering rules of the code base, checked on the source text (we carry no linter):
 * shared/ is pure TypeScript, and only the Electron entry points load `electron` at runtime.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/repo-paths';

interface ImportSite {
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

function importSites(file: string, text: string): ImportSite[] {
  const sites: ImportSite[] = [];
  for (const match of text.matchAll(IMPORT_PATTERN)) {
    const specifier = match[3] ?? match[4];
    const line = text.slice(0, match.index).split('\n').length + (match[0].startsWith('\n') ? 1 : 0);
    sites.push({ file, line, specifier, typeOnly: Boolean(match[2]) });
  }
  return sites;
}

function sitesUnder(folder: string): ImportSite[] {
  return sourceFiles(join(REPO_ROOT, folder)).flatMap((path) =>
    importSites(relative(REPO_ROOT, path).split(sep).join('/'), readFileSync(path, 'utf8')),
  );
}

const describeSite = (site: ImportSite) => `${site.file}:${site.line} imports '${site.specifier}'`;

describe('import rules', () => {
  it('finds imports of every form, so the rules below can fail', () => {
    const sample = [
      "import { a } from 'node:fs';",
      "import type { B } from 'electron';",
      "export { c } from './c';",
      "const d = await import('react');",
      "import 'side-effect';",
    ].join('\n');
    expect(importSites('x.ts', sample).map((site) => [site.specifier, site.typeOnly, site.line])).toEqual([
      ['node:fs', false, 1],
      ['electron', true, 2],
      ['./c', false, 3],
      ['react', false, 4],
      ['side-effect', false, 5],
    ]);
  });

  it('keeps shared/ pure: no electron, node built-ins, React, DOM-only packages or the LLM client', () => {
    // shared/llm builds requests and checks answers; only main's services talk to an endpoint
    const forbidden = /^(electron|node:|react|react-dom|dexie|zustand|openai|fs$|path$|os$|crypto$|http$|https$|net$)/;
    const offending = sitesUnder('shared').filter((site) => forbidden.test(site.specifier));
    expect(offending.map(describeSite)).toEqual([]);
  });

  it('keeps shared/ self-contained: it imports nothing from electron/, renderer/ or tests/', () => {
    const offending = sitesUnder('shared').filter((site) => /(^|\/)(electron|renderer|tests)\//.test(site.specifier));
    expect(offending.map(describeSite)).toEqual([]);
  });

  it('keeps the job vocabulary free of any job kind: shared/jobs imports only itself', () => {
    // pre-annotation, judge, generation and rubric jobs all build on shared/jobs, never the reverse
    const offending = sitesUnder('shared/jobs').filter((site) => !site.specifier.startsWith('./'));
    expect(offending.map(describeSite)).toEqual([]);
  });

  it('loads electron at runtime only in the main and preload entry points', () => {
    const entryPoints = new Set(['electron/main/index.ts', 'electron/preload/index.ts']);
    const offending = ['electron', 'renderer', 'shared', 'tests', 'scripts']
      .flatMap(sitesUnder)
      .filter((site) => site.specifier === 'electron' && !site.typeOnly && !entryPoints.has(site.file));
    expect(offending.map(describeSite)).toEqual([]);
  });

  it('keeps node built-ins and main-process code out of the renderer', () => {
    const offending = sitesUnder('renderer').filter(
      (site) => !site.typeOnly && (/^node:/.test(site.specifier) || site.specifier === 'electron' || /(^|\/)electron\//.test(site.specifier)),
    );
    expect(offending.map(describeSite)).toEqual([]);
  });
});
