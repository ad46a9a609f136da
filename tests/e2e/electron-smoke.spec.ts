/**
 * Launches the real desktop app (out/main/index.js through package.json "main") where an
 * Electron binary exists. Everywhere else it is reported as skipped, with the reason.
 */
import { existsSync } from 'node:fs';
import { _electron as electron, expect, test } from '@playwright/test';
import type { RendererApi } from '../../shared/ipc/contract';
import { findElectronBinary } from '../support/electron-binary';
import { MAIN_OUT_FILE, REPO_ROOT } from '../support/repo-paths';
import { makeTempDir } from '../support/temp-dir';
import { READY_SELECTOR } from './fixtures/app';

const electronBinary = findElectronBinary();

test('the desktop app opens a window, boots the renderer and exposes window.api', async () => {
  if (!electronBinary.found) {
    const reason = `the Electron smoke test needs the Electron binary: ${electronBinary.reason}`;
    // The list reporter shows a skipped test without its reason; say it in the log too.
    console.log(`Skipped: ${reason}`);
    test.skip(true, reason);
    return;
  }
  expect(existsSync(MAIN_OUT_FILE), `${MAIN_OUT_FILE} is missing; run \`npx electron-vite build\``).toBe(true);

  const userData = await makeTempDir('maieutic-electron-');
  // A dev-server URL or run-as-node left in the environment would change what launches.
  const inherited = Object.entries(process.env).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && entry[0] !== 'ELECTRON_RENDERER_URL' && entry[0] !== 'ELECTRON_RUN_AS_NODE',
  );
  const env = { ...Object.fromEntries(inherited), MAIEUTIC_USER_DATA_DIR: userData.path };
  const app = await electron.launch({ executablePath: electronBinary.path, args: [REPO_ROOT], cwd: REPO_ROOT, env });
  try {
    const page = await app.firstWindow();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    await expect(page.locator(READY_SELECTOR).first()).toBeAttached({ timeout: 20_000 });
    await expect.poll(() => app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.isVisible() ?? false)).toBe(true);

    const info = await page.evaluate(() => (globalThis as unknown as { api: RendererApi }).api.invoke('app.info', {}));
    expect(info).toMatchObject({ name: 'Maieutic', host: 'electron' });
    expect(await page.evaluate(() => location.protocol)).toBe('app:');
    expect(await app.evaluate(({ app: electronApp }) => electronApp.getPath('userData'))).toBe(userData.path);
    expect(pageErrors).toEqual([]);
  } finally {
    await app.close();
    await userData.remove();
  }
});
