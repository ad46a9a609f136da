/**
 * The layering rules of the code base, checked on the source text (we carry no linter):
 * shared/ is pure TypeScript; electron/services/ is plain Node that main and the CLI share;
 * the preload and the CLI take nothing from main; only the Electron entry points load
 * `electron` at runtime. Each rule is a function of one import, tried on a violation below, so
 * a rule that could never fire is itself a failure.
 */
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_SOURCES } from '../../../scripts/cli/launch.mjs';
import cliBuildConfig from '../../../vite.cli.config';
import { REPO_ROOT } from '../../support/repo-paths';
import { describeSite, importSites, isUnder, reachableFiles, sitesUnder, targetOf, type ImportSite } from './import-sites';

/** The entry files of the CLI bundle, as vite.cli.config.ts names them (`build.ssr`, or `rollupOptions.input`). */
function cliEntries(): string[] {
  const build = cliBuildConfig.build ?? {};
  const input = build.rollupOptions?.input;
  const named = [typeof build.ssr === 'string' ? [build.ssr] : [], typeof input === 'string' ? [input] : Array.isArray(input) ? input : Object.values(input ?? {})].flat();
  return named.map((path) => relative(REPO_ROOT, path).split(sep).join('/'));
}

const isElectronPackage = (site: ImportSite) => site.specifier === 'electron' || site.specifier.startsWith('electron/');

/** Each rule: the folder it governs and what an import there may not be. */
const RULES = {
  sharedIsPure: {
    folder: 'shared',
    // shared/llm builds requests and checks answers; only main's services talk to an endpoint
    forbids: (site: ImportSite) => /^(electron|node:|react|react-dom|dexie|zustand|openai|fs$|path$|os$|crypto$|http$|https$|net$)/.test(site.specifier),
  },
  sharedIsSelfContained: {
    folder: 'shared',
    forbids: (site: ImportSite) => ['electron', 'renderer', 'tests', 'scripts'].some((folder) => isUnder(targetOf(site), folder)),
  },
  servicesArePlainNode: {
    folder: 'electron/services',
    // not even a type: a service typed against Electron could not be shared with the CLI
    forbids: (site: ImportSite) =>
      isElectronPackage(site) || ['electron/main', 'electron/preload', 'electron/cli', 'renderer', 'tests'].some((folder) => isUnder(targetOf(site), folder)),
  },
  preloadTakesNothingFromMain: {
    folder: 'electron/preload',
    forbids: (site: ImportSite) => ['electron/main', 'electron/cli', 'renderer'].some((folder) => isUnder(targetOf(site), folder)),
  },
  cliTakesNothingFromMain: {
    folder: 'electron/cli',
    forbids: (site: ImportSite) => isElectronPackage(site) || ['electron/main', 'electron/preload', 'renderer'].some((folder) => isUnder(targetOf(site), folder)),
  },
  rendererStaysInTheBrowser: {
    folder: 'renderer',
    forbids: (site: ImportSite) => !site.typeOnly && (/^node:/.test(site.specifier) || isElectronPackage(site) || isUnder(targetOf(site), 'electron')),
  },
} as const;

type RuleName = keyof typeof RULES;

const offending = (rule: RuleName) => sitesUnder(RULES[rule].folder).filter(RULES[rule].forbids).map(describeSite);

/** An import written in `file`, as the rules see it. */
const site = (file: string, specifier: string, typeOnly = false): ImportSite => ({ file, line: 1, specifier, typeOnly });

describe('import rules', () => {
  it('finds imports of every form, so the rules below can fail', () => {
    const sample = [
      "import { a } from 'node:fs';",
      "import type { B } from 'electron';",
      "export { c } from './c';",
      "const d = await import('react');",
      "import 'side-effect';",
    ].join('\n');
    expect(importSites('x.ts', sample).map((found) => [found.specifier, found.typeOnly, found.line])).toEqual([
      ['node:fs', false, 1],
      ['electron', true, 2],
      ['./c', false, 3],
      ['react', false, 4],
      ['side-effect', false, 5],
    ]);
  });

  it('fires each rule on an import that breaks it, and not on one it allows', () => {
    const cases: Record<RuleName, { breaks: ImportSite[]; allows: ImportSite[] }> = {
      sharedIsPure: {
        breaks: [site('shared/x.ts', 'node:fs'), site('shared/x.ts', 'electron', true), site('shared/x.ts', 'react'), site('shared/llm/x.ts', 'openai'), site('shared/llm/x.ts', 'https')],
        allows: [site('shared/x.ts', './y'), site('shared/x.ts', 'papaparse')],
      },
      sharedIsSelfContained: {
        breaks: [site('shared/a/x.ts', '../../electron/services/folder-walk'), site('shared/x.ts', '../renderer/src/api')],
        allows: [site('shared/a/x.ts', '../b/y'), site('shared/x.ts', './electron-like-name')],
      },
      servicesArePlainNode: {
        breaks: [site('electron/services/x.ts', 'electron', true), site('electron/services/x.ts', '../main/ipc/handlers'), site('electron/services/x.ts', '../cli/read-inputs')],
        allows: [site('electron/services/x.ts', 'node:fs/promises'), site('electron/services/x.ts', '../../shared/import/file-rules'), site('electron/services/x.ts', './regular-file')],
      },
      preloadTakesNothingFromMain: {
        breaks: [site('electron/preload/x.ts', '../main/ipc/dispatch'), site('electron/preload/x.ts', '../main/lifecycle/close-guard', true)],
        allows: [site('electron/preload/x.ts', '../../shared/ipc/channels'), site('electron/preload/x.ts', 'electron')],
      },
      cliTakesNothingFromMain: {
        breaks: [site('electron/cli/x.ts', '../main/services/import-files'), site('electron/cli/commands/x.ts', '../../main/ipc/validate', true), site('electron/cli/x.ts', 'electron')],
        allows: [site('electron/cli/commands/x.ts', '../../services/regular-file'), site('electron/cli/x.ts', '../../shared/agreement')],
      },
      rendererStaysInTheBrowser: {
        breaks: [site('renderer/src/x.ts', 'node:path'), site('renderer/src/x.ts', '../../electron/main/ipc/handlers')],
        allows: [site('renderer/src/x.ts', '../../shared/ipc/contract'), site('renderer/src/x.ts', '../../electron/main/ipc/handlers', true)],
      },
    };
    for (const [name, { breaks, allows }] of Object.entries(cases) as [RuleName, (typeof cases)[RuleName]][]) {
      for (const broken of breaks) expect(RULES[name].forbids(broken), `${name}: ${describeSite(broken)}`).toBe(true);
      for (const allowed of allows) expect(RULES[name].forbids(allowed), `${name}: ${describeSite(allowed)}`).toBe(false);
    }
  });

  it('keeps shared/ pure: no electron, node built-ins, React, DOM-only packages or the LLM client', () => {
    expect(offending('sharedIsPure')).toEqual([]);
  });

  it('keeps the job vocabulary free of any job kind: shared/jobs imports only itself', () => {
    // pre-annotation, judge, generation and rubric jobs all build on shared/jobs, never the reverse
    const outside = sitesUnder('shared/jobs').filter((site) => !site.specifier.startsWith('./'));
    expect(outside.map(describeSite)).toEqual([]);
  });

  it('keeps shared/ self-contained: it imports nothing from electron/, renderer/, tests/ or scripts/', () => {
    expect(offending('sharedIsSelfContained')).toEqual([]);
  });

  it('type-checks shared/ without DOM or Node types, so a DOM or Node global there fails `npm run typecheck`', () => {
    const config = JSON.parse(readFileSync(join(REPO_ROOT, 'shared/tsconfig.json'), 'utf8')) as { compilerOptions: { lib: string[]; types: string[] } };
    expect(config.compilerOptions.lib.filter((lib) => /dom|webworker/i.test(lib))).toEqual([]);
    expect(config.compilerOptions.types).toEqual([]);
    const scripts = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.typecheck).toContain('tsc -p shared/tsconfig.json');
  });

  it('keeps electron/services/ plain Node: no electron (not even types), nothing from main, the preload or the CLI', () => {
    expect(offending('servicesArePlainNode')).toEqual([]);
  });

  it('keeps the preload off electron/main: what it needs of the contract lives in shared/ipc', () => {
    expect(offending('preloadTakesNothingFromMain')).toEqual([]);
  });

  it('keeps the CLI off electron/main and electron: it shares electron/services with main', () => {
    expect(offending('cliTakesNothingFromMain')).toEqual([]);
  });

  it('builds the CLI only from what its launcher watches, so an edited source is never run stale', () => {
    const entries = cliEntries();
    expect(entries).toContain('electron/cli/bin.ts');
    const reached = [...new Set(entries.flatMap(reachableFiles))];
    expect(reached).toContain('electron/services/folder-walk.ts');
    expect(reached.filter((file) => !CLI_SOURCES.some((source) => isUnder(file, source)))).toEqual([]);
  });

  it('keeps the job vocabulary free of any job kind: shared/jobs imports only itself', () => {
    // pre-annotation, judge, generation and rubric jobs all build on shared/jobs, never the reverse
    const offending = sitesUnder('shared/jobs').filter((site) => !site.specifier.startsWith('./'));
    expect(offending.map(describeSite)).toEqual([]);
  });

  it('loads electron at runtime only in the main and preload entry points', () => {
    const entryPoints = new Set(['electron/main/index.ts', 'electron/preload/index.ts']);
    const found = ['electron', 'renderer', 'shared', 'tests', 'scripts']
      .flatMap(sitesUnder)
      .filter((found) => found.specifier === 'electron' && !found.typeOnly && !entryPoints.has(found.file));
    expect(found.map(describeSite)).toEqual([]);
  });

  it('keeps node built-ins and main-process code out of the renderer', () => {
    expect(offending('rendererStaysInTheBrowser')).toEqual([]);
  });
});
