import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const r = (p: string) => resolve(import.meta.dirname, p);

/**
 * The command line, built ahead of time into ES modules for Node 20 (out/cli/main.js, and each
 * command in a chunk under out/cli/assets that main.js imports when that command runs), so
 * `npm run -s cli --` starts with plain `node` instead of compiling TypeScript at every run.
 * shared/ and papaparse are bundled; node builtins stay imports. scripts/cli/launch.mjs runs
 * this build when out/cli is missing or older than its sources.
 */
export default defineConfig({
  logLevel: 'warn',
  build: {
    ssr: r('electron/cli/bin.ts'),
    outDir: r('out/cli'),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    rollupOptions: { output: { format: 'es', entryFileNames: 'main.js' } },
  },
  ssr: { target: 'node', noExternal: true },
});
