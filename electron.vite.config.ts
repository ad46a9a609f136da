import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';

const r = (p: string) => resolve(import.meta.dirname, p);
/** The app version saved with every metrics run, from package.json. */
const appVersion = (JSON.parse(readFileSync(r('package.json'), 'utf8')) as { version: string }).version;

export default defineConfig({
  main: {
    build: { outDir: r('out/main'), rollupOptions: { input: { index: r('electron/main/index.ts') } } },
  },
  preload: {
    build: {
      outDir: r('out/preload'),
      // A sandboxed preload must be CommonJS.
      rollupOptions: { input: { index: r('electron/preload/index.ts') }, output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: r('renderer'),
    plugins: [react()],
    define: { __APP_VERSION__: JSON.stringify(appVersion) },
    build: { outDir: r('out/renderer'), minify: true, rollupOptions: { input: { index: r('renderer/index.html') } } },
  },
});
