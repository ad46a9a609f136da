/**
 * Text typed into the utterance or teacher-model box survives a renderer crash before Enter or
 * blur (issue 8, point 6): it is stored as it is typed and offered back, to save or discard,
 * when the dialogue is opened again in a new window.
 */
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures/app';
import type { AppFixture } from './fixtures/app';
import { installApi } from '../support/bridge';
import { DatasetsPage } from './pages/datasets';
import { ReviewPage } from './pages/review';
import { SettingsPage } from './pages/settings';
import { StartPage } from './pages/start';
import { readStoredRows } from './support-idb';
import { findSampleDialogue, openDialogueByKeyboard } from './support-sample';

const target = findSampleDialogue('GPT-4o/GPT-4o-interdis_topic_7.jsonl', 3);
const TYPED = '学生的原话其实是这样。';
const MODEL = 'GPT-4o-2024-08';

interface StoredDraft {
  id: string;
  text: string;
}

const LAUNCH = {
  headless: true,
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

/**
 * A browser of its own on a profile folder, so that it can be killed outright (no pagehide, no
 * beforeunload, no flush: what a renderer crash or a power cut does) and started again on the
 * same IndexedDB. The app is served by the fixture, at the same origin both times.
 */
async function openWindow(app: AppFixture, profile: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(profile, LAUNCH);
  const page = context.pages()[0] ?? (await context.newPage());
  await installApi(page, app.handlers);
  await page.goto(app.url);
  await page.locator('[data-app-state="ready"]').waitFor({ state: 'attached' });
  return { context, page };
}

async function kill(context: BrowserContext, page: Page): Promise<void> {
  const session = await context.newCDPSession(page);
  await session.send('Browser.crash').catch(() => undefined);
  await context.close().catch(() => undefined);
}

async function openTarget(page: Page): Promise<{ review: ReviewPage; datasetName: string }> {
  const start = new StartPage(page);
  await start.openSample();
  const datasets = new DatasetsPage(page);
  await datasets.waitForRows();
  const datasetName = (await datasets.name.textContent()) ?? '';
  return { review: await openDialogueByKeyboard(datasets, target.teacherModel, target.externalId), datasetName };
}

async function reopen(page: Page, datasetName: string): Promise<ReviewPage> {
  await new StartPage(page).openDataset(datasetName);
  const datasets = new DatasetsPage(page);
  await datasets.waitForRows();
  return openDialogueByKeyboard(datasets, target.teacherModel, target.externalId);
}

test('an utterance correction typed but never committed survives a killed window and is saved from the offer', async ({ app }) => {
  const profile = join(app.tempDir, 'profile');
  const first = await openWindow(app, profile);
  const settings = new SettingsPage(first.page);
  await settings.open();
  await settings.setReviewerName('Chen Jing 陈静');
  await new StartPage(first.page).goHome();
  const { review, datasetName } = await openTarget(first.page);
  await review.goToField('utterance');
  await review.pressKey('/');
  await expect(review.textFieldInput).toBeFocused();
  await review.textFieldInput.fill('');
  await review.page.keyboard.type(TYPED, { delay: 30 });
  // stored as typed, before any Enter or blur
  await expect.poll(async () => (await readStoredRows<StoredDraft>(first.page, 'drafts')).map((row) => row.text)).toEqual([TYPED]);
  await kill(first.context, first.page);

  const second = await openWindow(app, profile);
  const again = await reopen(second.page, datasetName);
  await expect(again.turn(0).locator('.rv-bubble')).toHaveText(target.record.dialogue[0].content);
  const offer = again.page.getByTestId('restored-draft');
  await expect(offer).toHaveCount(1);
  await expect(offer).toContainText(TYPED);
  // The offer stays in view however far the fields are scrolled.
  expect(await again.scrollFieldPanelToEnd(), 'the field panel scrolls').toBeGreaterThan(0);
  await again.expectInView(again.page.getByTestId('restored-drafts'), 'restored drafts');
  await offer.getByTestId('restored-draft-save').click();
  await expect(offer).toHaveCount(0);
  await expect(again.turn(0).locator('.rv-bubble')).toHaveText(TYPED);
  await expect.poll(async () => (await readStoredRows<StoredDraft>(again.page, 'drafts')).length).toBe(0);
  const stored = await readStoredRows<{ fieldId: string; text: string | null; decision: string }>(again.page, 'fieldReviews');
  expect(stored.filter((row) => row.fieldId === 'utterance')).toEqual([expect.objectContaining({ text: TYPED, decision: 'changed' })]);
  await second.context.close();
});

test('a teacher-model correction typed but never committed is offered after a killed window, and Discard drops it', async ({ app }) => {
  const profile = join(app.tempDir, 'profile');
  const first = await openWindow(app, profile);
  const { review, datasetName } = await openTarget(first.page);
  await review.teacherModelInput.click();
  await review.teacherModelInput.fill(MODEL);
  await expect.poll(async () => (await readStoredRows<StoredDraft>(first.page, 'drafts')).map((row) => row.text)).toEqual([MODEL]);
  await kill(first.context, first.page);

  const second = await openWindow(app, profile);
  const again = await reopen(second.page, datasetName);
  const offer = again.page.getByTestId('restored-draft');
  await expect(offer).toContainText(MODEL);
  await offer.getByTestId('restored-draft-discard').click();
  await expect(offer).toHaveCount(0);
  await expect(again.teacherModelInput).toHaveValue(target.teacherModel);
  await expect.poll(async () => (await readStoredRows<StoredDraft>(again.page, 'drafts')).length).toBe(0);
  // nothing is offered on the next opening
  await again.page.reload();
  await again.page.locator('[data-app-state="ready"]').waitFor({ state: 'attached' });
  const third = await reopen(again.page, datasetName);
  await expect(third.page.getByTestId('restored-drafts')).toHaveCount(0);
  await second.context.close();
});
