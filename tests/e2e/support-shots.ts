/**
 * Screenshots the specs take for people to look at: each is attached to the test's report and,
 * when $MAIEUTIC_SHOTS_DIR is set, also saved there as `<name>.png`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';

export async function saveShot(target: Page | Locator, name: string, testInfo: TestInfo): Promise<void> {
  const body = await target.screenshot();
  await testInfo.attach(`${name}.png`, { body, contentType: 'image/png' });
  const dir = process.env.MAIEUTIC_SHOTS_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}.png`), body);
  }
}
