/**
 * What the synthesis specs share: the three connections named as the template's models name them
 * (and the educator's name),
 * the template cut down in the Start dialog's YAML text to a small spec (one metric per dimension,
 * three test items, two anchors, drift allowed up to 4 points so a revised lenient metric's anchors
 * do not disqualify its round), round 0 started and waited on.
 */
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import type { LlmTestServer } from '../support/llm-server';
import type { AppFixture } from './fixtures/app';
import { addConnection } from './support-llm';
import { saveShot } from './support-shots';

// no model is named like a connection: the connection tests list every model the server offers
export const MODELS = { drafter: 'writer-13b', generator: 'tutor-7b', judge: 'assessor-70b' } as const;
/** the template's dimensions, one metric each: `<dimension>-1` */
export const METRICS = ['PER-1', 'TMP-1', 'CS-1', 'VI-1'] as const;

export const EDUCATOR = 'Li Na 李娜';

/** The three connections, and the educator's name (every edit and lock between rounds records who made it). */
export async function addSynthesisConnections(app: AppFixture, server: LlmTestServer): Promise<void> {
  // the template's models: drafter, teacher, judge
  await addConnection(app, server, 'drafter', MODELS.drafter);
  await addConnection(app, server, 'teacher', MODELS.generator);
  await addConnection(app, server, 'judge', MODELS.judge);
  await app.page.getByTestId('settings-reviewer-name').fill(EDUCATOR);
  await app.page.getByTestId('settings-save-name').click();
  await expect(app.page.getByTestId('settings-saved')).toBeVisible();
}

/** The template's text made small: what the Start dialog's YAML area is given. */
export function smallSpec(template: string): string {
  return template
    .replace('metrics_per_dimension: 3', 'metrics_per_dimension: 1')
    .replace('test_items: 20', 'test_items: 3')
    .replace('anchors: 8', 'anchors: 2')
    .replace('drift: 0.5', 'drift: 4');
}

export async function openSynthesisView(page: Page): Promise<Locator> {
  await page.getByTestId('nav-synthesis').click();
  const view = page.getByTestId('synthesis-view');
  await expect(view).toBeVisible();
  return view;
}

/** Opens the Start dialog, takes the template, cuts it down and starts round 0 (prompts in English); returns the open session. */
export async function startSmallSynthesis(page: Page, title: string, shot?: { name: string; testInfo: TestInfo }): Promise<Locator> {
  await page.getByTestId('synthesis-new').click();
  const dialog = page.getByTestId('synthesis-start-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('synthesis-spec-template').click();
  const yaml = dialog.getByTestId('synthesis-spec-yaml');
  await expect(dialog.getByTestId('synthesis-spec-check')).toHaveAttribute('data-valid', 'true');
  await yaml.fill(smallSpec(await yaml.inputValue()));
  await expect(dialog.getByTestId('synthesis-spec-check')).toHaveAttribute('data-valid', 'true');
  await dialog.getByTestId('synthesis-start-language').selectOption('en');
  await dialog.getByTestId('synthesis-start-title').fill(title);
  if (shot) await shotFrom(page, dialog, shot.name, shot.testInfo, 1500);
  await dialog.getByTestId('synthesis-start-start').click();
  await expect(dialog).toBeHidden();
  const session = page.getByTestId('synthesis-session');
  await expect(session).toBeVisible();
  return session;
}

/** Waits until round `round` is stored and shown (its job done, the educator's turn). */
export async function roundShown(session: Locator, round: number): Promise<Locator> {
  // the round first (right after Continue the step may not read "running" yet), then the educator's turn
  const shown = session.getByTestId('synthesis-round');
  await expect(shown).toHaveAttribute('data-round', String(round), { timeout: 60_000 });
  await expect(session).not.toHaveAttribute('data-step', 'running');
  return shown;
}

/**
 * A screenshot of the view from `from` down, in a window tall enough to hold it: an element
 * screenshot leaves what lies past the window blank.
 */
export async function shotFrom(page: Page, from: Locator, name: string, testInfo: TestInfo, height = 2400): Promise<void> {
  const before = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.setViewportSize({ width: before.width, height });
  await from.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await saveShot(page, name, testInfo);
  await page.setViewportSize(before);
}
