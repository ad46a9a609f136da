/**
 * A connection to the scripted OpenAI-compatible server (tests/support/llm-server), added through
 * Settings the way a user adds one: the specs that run pre-annotation jobs start here.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { LlmTestServer } from '../support/llm-server';
import { expect, type AppFixture } from './fixtures/app';

/** Adds a connection to the scripted server in Settings with this key, and checks it answers with it. */
export async function addConnection(app: AppFixture, server: LlmTestServer, apiKey: string, name = 'Test server', model = 'test-model'): Promise<void> {
  const { page } = app;
  const before = await page.getByTestId('connection-item').count().catch(() => 0);
  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('settings-connections')).toBeVisible();
  if (before === 0) {
    // the data folder is fresh: saving the first connection creates <data>/llm itself
    expect(existsSync(join(app.dataDir, 'llm'))).toBe(false);
    await expect(page.getByTestId('connections-empty')).toBeVisible();
  }
  await page.getByTestId('connection-preset').selectOption('vllm');
  await page.getByTestId('connection-add').click();
  const form = page.getByTestId('connection-form');
  await form.getByTestId('connection-name').fill(name);
  await form.getByTestId('connection-model').fill(model);
  await form.getByTestId('connection-baseURL').fill(server.baseURL);
  await form.getByTestId('connection-api-key').fill(apiKey);
  await form.getByTestId('connection-save').click();
  await expect(page.getByTestId('connection-item')).toHaveCount(before + 1);
  const item = page.getByTestId('connection-item').filter({ hasText: name });
  await expect(item.getByTestId('connection-item-key')).toHaveText('key set');
  await item.getByTestId('connection-test').click();
  await expect(item.getByTestId('connection-test-result')).toHaveAttribute('data-ok', 'true');
  await expect(item.getByTestId('connection-test-result')).toContainText(model);
  // the key reached main: the server refuses requests without it
  expect(server.log.entries.at(-1)?.headers.authorization).toBe(`Bearer ${apiKey}`);
}
