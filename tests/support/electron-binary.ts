import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type ElectronBinary = { found: true; path: string } | { found: false; reason: string };

/**
 * Finds the Electron executable the way the electron package's index.js does (path.txt inside
 * the package, the binary under dist/), without loading that index.js: on a machine without
 * the binary it starts a download, which fails offline. Scripts/start.mjs follows the same rules.
 */
export function findElectronBinary(): ElectronBinary {
  const explicit = process.env.ELECTRON_EXEC_PATH;
  if (explicit) {
    return existsSync(explicit) ? { found: true, path: explicit } : { found: false, reason: `ELECTRON_EXEC_PATH=${explicit} does not exist` };
  }
  let packageDir: string;
  try {
    packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { found: false, reason: 'the electron package is not installed' };
  }
  const pathFile = join(packageDir, 'path.txt');
  const relativeBinary = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const overrideDir = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (overrideDir) {
    const binary = join(overrideDir, relativeBinary || 'electron');
    return existsSync(binary) ? { found: true, path: binary } : { found: false, reason: `no Electron binary at ${binary}` };
  }
  if (!relativeBinary) {
    return { found: false, reason: `no Electron binary was downloaded (${pathFile} is missing); this machine cannot fetch it` };
  }
  const binary = join(packageDir, 'dist', relativeBinary);
  return existsSync(binary) ? { found: true, path: binary } : { found: false, reason: `no Electron binary at ${binary}` };
}
