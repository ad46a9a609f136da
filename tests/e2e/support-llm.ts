/**
 * What the LLM specs share: the default codebook read from its file, scripted answers built from
 * the prompt, a connection added through Settings against the scripted server, and a dump of
 * every IndexedDB store to search for the API key.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { parseCodebook } from '../../shared/codebook/parse-codebook';
import type { TokenPrice } from '../../shared/llm/connection';
import type { LlmTestServer } from '../support/llm-server';
import { promptTurns, validAnswer as validAnswerFor } from '../support/jobs/valid-answers';
import { RESOURCES_DIR } from '../support/repo-paths';
import type { AppFixture } from './fixtures/app';
import { readStoredRows } from './support-idb';

// read from the file, as the other specs do (Playwright's loader takes no JSON import)
export const DEFAULT_CODEBOOK = parseCodebook(JSON.parse(readFileSync(join(RESOURCES_DIR, 'codebooks', 'sid-default.json'), 'utf8')), 'sid-default.json');
/** a fresh key per run, so that finding it anywhere can only mean it was stored */
export const API_KEY = `sk-e2e-${Math.random().toString(36).slice(2)}-never-stored`;

/** A valid answer for every "Turn N · speaker …" line the prompt shows: the first label of each field, null where it does not apply. */
export function validAnswer(prompt: string): { turns: Record<string, unknown>[] } {
  return validAnswerFor(DEFAULT_CODEBOOK, promptTurns(prompt));
}

export function userPrompt(body: { messages: { role: string; content?: unknown }[] }): string {
  const user = body.messages.find((message) => message.role === 'user');
  return typeof user?.content === 'string' ? user.content : '';
}

export async function everyStoredRow(app: AppFixture): Promise<string> {
  const names = await app.page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const request = indexedDB.open('maieutic');
        request.onerror = () => reject(new Error('indexedDB.open failed'));
        request.onsuccess = () => {
          const stores = [...request.result.objectStoreNames];
          request.result.close();
          resolve(stores);
        };
      }),
  );
  expect(names).toContain('llmCalls');
  const dump: Record<string, unknown[]> = {};
  for (const name of names) dump[name] = await readStoredRows(app.page, name);
  return JSON.stringify(dump);
}

/** Adds a connection to `server` in Settings, with API_KEY (and `price` when given), and tests it. */
export async function addConnection(app: Pick<AppFixture, 'page' | 'dataDir'>, server: LlmTestServer, name = 'Test server', model = 'test-model', price?: TokenPrice): Promise<void> {
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
  await form.getByTestId('connection-api-key').fill(API_KEY);
  if (price) {
    await form.getByTestId('connection-priceIn').fill(String(price.inputPerMillion));
    await form.getByTestId('connection-priceOut').fill(String(price.outputPerMillion));
  }
  await form.getByTestId('connection-save').click();
  await expect(page.getByTestId('connection-item')).toHaveCount(before + 1);
  const item = page.getByTestId('connection-item').filter({ hasText: name });
  await expect(item.getByTestId('connection-item-key')).toHaveText('key set');
  await item.getByTestId('connection-test').click();
  await expect(item.getByTestId('connection-test-result')).toHaveAttribute('data-ok', 'true');
  await expect(item.getByTestId('connection-test-result')).toContainText(model);
  // the key reached main: the server refuses requests without it
  expect(server.log.entries.at(-1)?.headers.authorization).toBe(`Bearer ${API_KEY}`);
}
