import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const r = (p: string) => resolve(import.meta.dirname, p);
const appVersion = (JSON.parse(readFileSync(r('package.json'), 'utf8')) as { version: string }).version;

/**
 * The command line, built ahead of time into ES modules for Node 20 (out/cli/main.js, and each
 * command in a chunk under out/cli/assets that main.js imports when that command runs), so
 * `npm run -s cli --` starts with plain `node` instead of compiling TypeScript at every run.
 * The worker thread that scans half of a large ratings file is an entry of its own,
 * out/cli/ratings-scan-worker.js, beside main.js (electron/cli/worker-files.ts).
 * shared/ and papaparse are bundled; node builtins stay imports. scripts/cli/launch.mjs runs
 * this build when out/cli is missing or older than its sources.
 */
export default defineConfig({
  logLevel: 'warn',
  // the version stored with every LLM call the CLI makes (annotate)
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  build: {
    ssr: true,
    outDir: r('out/cli'),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    rollupOptions: {
      input: { main: r('electron/cli/bin.ts'), 'ratings-scan-worker': r('electron/cli/commands/ratings-scan-worker.ts') },
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
  ssr: { target: 'node', noExternal: true },
});
