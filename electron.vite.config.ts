import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

const r = (p: string) => resolve(import.meta.dirname, p);

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
    build: { outDir: r('out/renderer'), minify: true, rollupOptions: { input: { index: r('renderer/index.html') } } },
  },
});
