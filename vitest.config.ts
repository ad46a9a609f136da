import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const appVersion = (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }).version;

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
    environment: 'node',
    globalSetup: ['tests/unit/cli/built-cli.global-setup.ts'],
  },
});
