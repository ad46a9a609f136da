/// <reference types="vite/client" />

/** package.json's version, replaced at build time (electron.vite.config.ts, vitest.config.ts). */
declare const __APP_VERSION__: string;
