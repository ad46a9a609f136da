import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// The YAML parser electron-builder itself reads the file with, so the test sees what packaging sees.
const builderRequire = createRequire(createRequire(`${ROOT}package.json`).resolve('app-builder-lib'));
const yaml = builderRequire('js-yaml') as { load(text: string): unknown };

const config = yaml.load(readFileSync(`${ROOT}electron-builder.yml`, 'utf8')) as { electronFuses?: Record<string, unknown> };
const schema = JSON.parse(readFileSync(builderRequire.resolve('app-builder-lib/scheme.json'), 'utf8')) as {
  properties: Record<string, unknown>;
  definitions: { FuseOptionsV1: { properties: Record<string, unknown> } };
};

const EXPECTED_FUSES = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  enableCookieEncryption: true,
};

describe('electron-builder.yml Electron fuses', () => {
  it('turns off running as Node, NODE_OPTIONS and --inspect, and requires an intact app.asar', () => {
    expect(config.electronFuses).toEqual(EXPECTED_FUSES);
  });

  it('uses only fuse names the installed electron-builder knows, so none is silently ignored', () => {
    expect(schema.properties).toHaveProperty('electronFuses');
    for (const name of Object.keys(config.electronFuses ?? {})) expect(schema.definitions.FuseOptionsV1.properties).toHaveProperty(name);
  });
});
