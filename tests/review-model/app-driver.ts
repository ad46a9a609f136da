/**
 * Drives the real renderer in Chromium for the model test: imports the fixture once, then for each
 * sequence starts from a fresh review (the expert's rows cleared in IndexedDB, the page reloaded so
 * no undo history or cursor survives, the first dialogue opened), sends the keys with their gaps,
 * waits until every key has been acted on and every write is stored, and reads back what the app
 * stored (IndexedDB, straight from the page) and shows (cursor, rubric focus, undo and redo depth).
 */
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { AppFixture } from '../e2e/fixtures/app';
import { DatasetsPage } from '../e2e/pages/datasets';
import { ImportPage } from '../e2e/pages/import';
import { ReviewPage } from '../e2e/pages/review';
import { SettingsPage } from '../e2e/pages/settings';
import { StartPage } from '../e2e/pages/start';
import { APP_DB_NAME, readStoredRows } from '../e2e/support-idb';
import { writeInputFile } from '../e2e/support-sid-files';
import { keysOf, type TimedCommand } from './commands';
import { FIXTURE, fixtureJsonl } from './fixture';
import { describeValue, RUBRIC_IDS, type Decision, type ObservedState } from './reference';

/** What a review leaves in the database: cleared before each sequence. */
const REVIEW_STORES = ['fieldReviews', 'turnReviews', 'dialogueReviews', 'editLog', 'expertScores', 'drafts'] as const;

export interface ModelApp {
  page: Page;
  datasetName: string;
  /** the fixture's dialogues' ids, in fixture (table) order */
  dialogueIds: string[];
}

export async function prepareModelApp(app: AppFixture): Promise<ModelApp> {
  const { page } = app;
  const file = await writeInputFile(join(app.tempDir, 'GPT-4o', 'review-model.jsonl'), fixtureJsonl());
  const wizard = new ImportPage(page);
  app.dialogs.nextFiles([file]);
  await new StartPage(page).importFiles();
  await wizard.waitForReport();
  const card = wizard.files.first();
  if ((await card.getAttribute('data-verdict')) === 'warnings') await card.getByTestId('import-accept-warnings').check();
  for (const box of await page.getByTestId('import-teacher-model').all()) if ((await box.inputValue()) === '') await box.fill('GPT-4o');
  await wizard.confirm();
  const datasets = new DatasetsPage(page);
  await datasets.waitForRows();
  const datasetName = ((await datasets.name.textContent()) ?? '').trim();
  const settings = new SettingsPage(page);
  await settings.open();
  await settings.setReviewerName('Model 模型');
  const rows = await readStoredRows<{ id: string; externalId: string }>(page, 'dialogues');
  const dialogueIds = FIXTURE.map((dialogue) => {
    const row = rows.find((candidate) => candidate.externalId === dialogue.externalId);
    if (!row) throw new Error(`The fixture's dialogue ${dialogue.externalId} was not imported`);
    return row.id;
  });
  return { page, datasetName, dialogueIds };
}

async function clearStores(page: Page): Promise<void> {
  await page.evaluate(
    ({ name, stores }) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onerror = () => reject(new Error(`indexedDB.open(${name}) failed`));
        request.onsuccess = () => {
          const db = request.result;
          const transaction = db.transaction(stores, 'readwrite');
          for (const store of stores) transaction.objectStore(store).clear();
          transaction.oncomplete = () => {
            db.close();
            resolve();
          };
          transaction.onerror = () => {
            db.close();
            reject(new Error(`Clearing the review stores failed: ${String(transaction.error)}`));
          };
        };
      }),
    { name: APP_DB_NAME, stores: [...REVIEW_STORES] },
  );
}

/** A fresh review of the first dialogue: nothing reviewed, no history, rubric scoring off. */
export async function startFresh(app: AppFixture, model: ModelApp): Promise<void> {
  await clearStores(model.page);
  await app.reload();
  await new StartPage(model.page).openDataset(model.datasetName);
  const datasets = new DatasetsPage(model.page);
  await datasets.waitForRows();
  await datasets.openDialogue(model.dialogueIds[0]);
  await new ReviewPage(model.page).waitForReady(model.dialogueIds[0]);
  await expect(model.page.getByTestId('rubric-panel')).toHaveAttribute('data-status', 'ready');
}

export async function sendSequence(page: Page, sequence: readonly TimedCommand[]): Promise<void> {
  for (const { gapMs, command } of sequence) {
    if (gapMs > 0) await page.waitForTimeout(gapMs);
    for (const key of keysOf(command)) await page.keyboard.press(key);
  }
}

async function observeOnce(model: ModelApp): Promise<ObservedState> {
  const { page, dialogueIds } = model;
  const indexOf = (dialogueId: string) => dialogueIds.indexOf(dialogueId);
  const turnKey = (turnId: string) => {
    const hash = turnId.lastIndexOf('#');
    return `${indexOf(turnId.slice(0, hash))}#${turnId.slice(hash + 1)}`;
  };
  const [fields, turns, reviews, scores] = await Promise.all([
    readStoredRows<{ turnId: string; fieldId: string; decision: Decision; codes: string[]; text: string | null }>(page, 'fieldReviews'),
    readStoredRows<{ id: string; verified: boolean }>(page, 'turnReviews'),
    readStoredRows<{ id: string; status: ObservedState['status'][number] }>(page, 'dialogueReviews'),
    readStoredRows<{ dialogueId: string; rubric: string; score: number }>(page, 'expertScores'),
  ]);
  const values: Record<string, string> = {};
  for (const row of fields) values[`${turnKey(row.turnId)}|${row.fieldId}`] = describeValue(row);
  const verified = turns.filter((row) => row.verified).map((row) => turnKey(row.id)).sort();
  const status = dialogueIds.map((id) => {
    const row = reviews.find((candidate) => candidate.id === id);
    if (row) return row.status;
    return verified.some((key) => key.startsWith(`${indexOf(id)}#`)) ? 'in-progress' : 'unreviewed';
  });
  const scored: Record<string, number> = {};
  for (const row of scores) scored[`${indexOf(row.dialogueId)}:${row.rubric}`] = row.score;

  const view = page.getByTestId('review-view');
  const panel = page.getByTestId('rubric-panel');
  const [dialogueId, turn, field, undoSteps, redoSteps, active, focus] = await Promise.all([
    view.getAttribute('data-dialogue-id'),
    page.locator('[data-testid="chat-turn"][data-current="true"]').getAttribute('data-turn-index'),
    page.locator('[data-testid="field-row"][data-current="true"]').getAttribute('data-field-id'),
    page.getByTestId('undo-button').getAttribute('data-steps'),
    page.getByTestId('redo-button').getAttribute('data-steps'),
    panel.getAttribute('data-active'),
    panel.getAttribute('data-focus'),
  ]);
  return {
    dialogue: indexOf(dialogueId ?? ''),
    turn: Number(turn),
    field,
    values,
    verified,
    status,
    undoDepth: Number(undoSteps),
    redoDepth: Number(redoSteps),
    rubricActive: active === 'true',
    rubricFocus: focus || RUBRIC_IDS[0],
    scores: scored,
  };
}

/**
 * Waits until every key has been acted on and every write is stored — the dialogue shown is ready,
 * nothing is saving (held keys count as saving), the rubric panel has read and stored its scores —
 * and what the app shows and stores holds still; returns it.
 */
export async function settledState(model: ModelApp): Promise<ObservedState> {
  const { page } = model;
  await expect(page.locator('[data-testid="review-view"][data-state="ready"]')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('save-indicator')).not.toHaveAttribute('data-state', /saving|error/, { timeout: 15_000 });
  await expect(page.getByTestId('rubric-panel')).toHaveAttribute('data-status', /ready|saved|idle/, { timeout: 15_000 });
  let previous = await observeOnce(model);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await page.waitForTimeout(150);
    const next = await observeOnce(model);
    if (JSON.stringify(next) === JSON.stringify(previous)) return next;
    previous = next;
  }
  throw new Error('The review never held still after the keys: it kept changing for 3 s');
}
