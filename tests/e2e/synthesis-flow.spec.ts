/**
 * Issue 15 end to end, as an educator would run it: three connections added in Settings against
 * the scripted server (the synthesis player: one metric per dimension, CS-1 deliberately too
 * lenient), the Elmes+ template in the Start dialog's YAML text (a typo shown on its line), then a
 * cut-down copy opened from a file, round 0 started; it shows CS-1 too lenient with its reason; the
 * educator edits PER-1's description at a person's pace and locks VI-1, then continues by
 * keyboard; round 1 shows CS-1
 * revised (only its description and examples: the versions' diff has no name or weight), the
 * edit kept in the versions with its diff, and the loop stopped because every metric is fine.
 * The result is saved as a rubric set, seen in the Rubric sets view of a data set, exported as
 * JSON and that file imported there again: the same version (same hash), which, chosen for the
 * data set, is the set a judge run in the Judge view starts on.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseRubricSet } from '../../shared/judge/parse-rubric-set';
import { rubricSetHash } from '../../shared/judge/rubric-hash';
import { startLlmServer, synthesisPlayer, synthesisRoleOf, type LlmTestServer } from '../support/llm-server';
import { RESOURCES_DIR } from '../support/repo-paths';
import { expect, test } from './fixtures/app';
import { setLanguage } from './support-generation-flow';
import { API_KEY } from './support-llm';
import { openSample } from './support-sample';
import { addSynthesisConnections, METRICS, MODELS, roundShown, shotFrom, smallSpec } from './support-synthesis';

const TEMPLATE = readFileSync(join(RESOURCES_DIR, 'synthesis', 'elmes-scenegen.yaml'), 'utf8');
const EDITED = 'Adapts each step to the mistakes this student made';

test.describe('rubric synthesis flow', () => {
  let server: LlmTestServer;
  test.beforeEach(async () => {
    server = await startLlmServer({ apiKey: API_KEY, models: Object.values(MODELS), defaultHandler: synthesisPlayer({ lenient: ['CS-1'] }) });
  });
  test.afterEach(async () => {
    await server.close();
  });

  test('template → round 0 (CS-1 too lenient) → edit and lock → round 1 (revised, all fine, stopped) → saved set in Rubric sets, exported and imported', async ({ app }, testInfo) => {
    test.setTimeout(180_000);
    const { page } = app;
    await setLanguage(page, 'en');
    // with no connection yet, the empty view says to add them first
    await page.getByTestId('nav-synthesis').click();
    await expect(page.getByTestId('synthesis-empty')).toContainText('First add connections for drafting, generating and judging');
    await addSynthesisConnections(app, server);

    // the Start page offers it beside Scenarios; the empty view says what to do next
    await page.getByTestId('nav-home').click();
    await page.getByTestId('start-synthesis').click();
    const view = page.getByTestId('synthesis-view');
    await expect(view.getByTestId('synthesis-empty')).toContainText('Press “New synthesis…” and start from the bundled Elmes+ template');
    // with a data set open, the saved set is a click away from its Rubric sets view
    await page.getByTestId('nav-home').click();
    await openSample(app);
    await page.getByTestId('nav-synthesis').click();

    // the Start dialog: the template, a typo placed on its line (Start disabled), then the small spec
    await page.getByTestId('synthesis-new').click();
    const dialog = page.getByTestId('synthesis-start-dialog');
    await dialog.getByTestId('synthesis-spec-template').click();
    const yaml = dialog.getByTestId('synthesis-spec-yaml');
    const check = dialog.getByTestId('synthesis-spec-check');
    await expect(check).toHaveAttribute('data-valid', 'true');
    const typo = smallSpec(TEMPLATE).replace('test_items: 3', 'test_itemz: 3');
    await yaml.fill(typo);
    await expect(check).toHaveAttribute('data-valid', 'false');
    const typoLine = typo.split('\n').findIndex((line) => line.startsWith('test_itemz')) + 1;
    await expect(check.locator(`[data-testid="synthesis-spec-problem"][data-line="${typoLine}"]`)).toContainText('test_itemz');
    await expect(dialog.getByTestId('synthesis-start-start')).toBeDisabled();
    // the small spec opened from a file: its text in the area, its name shown
    await dialog.getByTestId('synthesis-spec-input').setInputFiles({ name: 'elmes-small.yaml', mimeType: 'text/yaml', buffer: Buffer.from(smallSpec(TEMPLATE)) });
    await expect(dialog.getByTestId('synthesis-spec-file')).toHaveText('Spec file: elmes-small.yaml');
    await expect(yaml).toHaveValue(smallSpec(TEMPLATE));
    await expect(check).toHaveAttribute('data-valid', 'true');
    await expect(check).toContainText('4 dimensions, 3 test items, 2 anchors');
    // each role defaults to the connection the spec names
    for (const [role, model] of Object.entries(MODELS)) await expect(dialog.getByTestId(`synthesis-start-role-${role}`).locator('option:checked')).toContainText(model);
    await dialog.getByTestId('synthesis-start-language').selectOption('en');
    await dialog.getByTestId('synthesis-start-title').fill('Elmes pilot');
    await shotFrom(page, dialog, 'synthesis-start-en', testInfo, 1500);
    await dialog.getByTestId('synthesis-start-start').click();
    await expect(dialog).toBeHidden();

    // round 0: CS-1 at the ceiling for every answer is too lenient, with its reason
    const session = page.getByTestId('synthesis-session');
    const round0 = await roundShown(session, 0);
    const lenient = round0.locator('[data-testid="synthesis-diagnostic-row"][data-metric="CS-1"]');
    await expect(lenient).toHaveAttribute('data-verdict', 'too-lenient');
    await expect(lenient).toContainText(/ceiling/i);
    for (const id of ['PER-1', 'TMP-1', 'VI-1']) await expect(round0.locator(`[data-testid="synthesis-diagnostic-row"][data-metric="${id}"]`)).toHaveAttribute('data-verdict', 'fine');
    await expect(session.getByTestId('synthesis-decision')).toHaveAttribute('data-action', 'continue');
    await expect(session.getByTestId('synthesis-decision')).toContainText('The loop recommends continuing');
    await expect(page.getByTestId('synthesis-session-row')).toHaveCount(1);
    await shotFrom(page, session, 'synthesis-round0-en', testInfo, 3200);

    // between rounds: PER-1's description typed at a person's pace, saved with Ctrl+Enter; VI-1 locked
    const working = session.getByTestId('synthesis-working');
    const description = working.locator('[data-testid="synthesis-editor-metric"][data-metric="PER-1"]').getByTestId('synthesis-editor-description-en');
    await description.click();
    await description.press('ControlOrMeta+a');
    await description.pressSequentially(EDITED, { delay: 100 });
    // typed but not saved: the next round would not see it, so Continue waits
    await expect(session.getByTestId('synthesis-continue')).toBeDisabled();
    await expect(session.getByTestId('synthesis-unsaved-note')).toContainText('PER-1');
    // leaving the view with the text unsaved loses none of it: back again, it is there, still unsaved
    await page.getByTestId('nav-scenarios').click();
    await expect(page.getByTestId('scenarios-view')).toBeVisible();
    await page.getByTestId('nav-synthesis').click();
    await expect(description).toHaveValue(EDITED);
    await expect(working.locator('[data-testid="synthesis-editor-metric"][data-metric="PER-1"]')).toHaveAttribute('data-dirty', 'true');
    await expect(session.getByTestId('synthesis-continue')).toBeDisabled();
    await description.press('ControlOrMeta+Enter');
    await expect(working.locator('[data-testid="synthesis-editor-metric"][data-metric="PER-1"]')).toHaveAttribute('data-dirty', 'false');
    await expect(description).toHaveValue(EDITED);
    const vi = working.locator('[data-testid="synthesis-editor-metric"][data-metric="VI-1"]');
    await vi.getByTestId('synthesis-editor-lock').focus();
    await page.keyboard.press('Enter');
    await expect(vi).toHaveAttribute('data-locked', 'true');
    // the edits are not scored yet: the result can be kept with them (a version of its own)
    await expect(session.getByTestId('synthesis-result')).toContainText('You have edits not yet scored by a round.');
    await session.getByTestId('synthesis-save-working').click();
    await expect(session.getByTestId('synthesis-saved')).toContainText('Saved as rubric set elmes-scenegen v1+r0.e');

    // continue by keyboard
    const judgeCalls = server.log.chatRequests().filter((entry) => synthesisRoleOf(entry.body as never) === 'judge').length;
    await session.getByTestId('synthesis-continue').focus();
    await page.keyboard.press('Enter');
    const round1 = await roundShown(session, 1);
    // the judge scored round 1 on the edited description
    const round1Judge = server.log.chatRequests().filter((entry) => synthesisRoleOf(entry.body as never) === 'judge').slice(judgeCalls);
    expect(round1Judge.length).toBeGreaterThan(0);
    expect(round1Judge.every((entry) => JSON.stringify(entry.body).includes(EDITED))).toBe(true);
    // only CS-1 was sent to the reviser
    const revisers = server.log.chatRequests().filter((entry) => synthesisRoleOf(entry.body as never) === 'reviser');
    expect(revisers).toHaveLength(1);
    for (const id of METRICS) await expect(round1.locator(`[data-testid="synthesis-diagnostic-row"][data-metric="${id}"]`)).toHaveAttribute('data-verdict', 'fine');

    // the loop stopped: every metric fine, and it says so
    const decision = session.getByTestId('synthesis-decision');
    await expect(decision).toHaveAttribute('data-stopped', 'true');
    await expect(decision).toContainText('The loop stopped: every metric is fine.');
    // the loop's stop is advice: the educator may still have another round scored
    await expect(session.getByTestId('synthesis-another-round')).toBeEnabled();
    await expect(session.getByTestId('synthesis-another-note')).toContainText('another round scores your edits');
    await expect(session.getByTestId('synthesis-continue')).toHaveCount(0);
    const listed = page.getByTestId('synthesis-session-row');
    await expect(listed).toHaveAttribute('data-status', 'stopped');
    await expect(listed).toHaveAttribute('data-rounds', '2');
    await expect(listed).toHaveAttribute('data-best', '1');
    await expect(listed).toContainText(MODELS.judge);

    // the versions: the draft, the educator's edit, the lock, the revision; by default the diff of the last two:
    // the revision changed CS-1's description and examples, no name, no weight, no other metric
    const versions = session.getByTestId('synthesis-versions');
    const kinds = await versions.getByTestId('synthesis-version-row').evaluateAll((rows) => rows.map((row) => `${row.getAttribute('data-seq')}:${row.getAttribute('data-kind')}`));
    expect(kinds).toEqual(['4:revision', '3:lock', '2:expert-edit', '1:draft']);
    const diffFields = async () => versions.getByTestId('synthesis-diff-metric').evaluateAll((metrics) => metrics.flatMap((metric) => [...metric.querySelectorAll('[data-testid="synthesis-diff-field"]')].map((field) => `${metric.getAttribute('data-metric')}:${field.getAttribute('data-field')}`)));
    await expect(versions.getByTestId('synthesis-diff-metric')).toHaveCount(1);
    expect((await diffFields()).sort()).toEqual(['CS-1:description', 'CS-1:negativeExample', 'CS-1:positiveExample']);
    await expect(versions.getByTestId('synthesis-diff')).toContainText('revised CS-1');
    // the educator's edit, kept with its diff: the draft against it
    await versions.getByTestId('synthesis-version-before').selectOption('1');
    await versions.getByTestId('synthesis-version-after').selectOption('2');
    await expect(versions.getByTestId('synthesis-diff')).toContainText(EDITED);
    expect(await diffFields()).toEqual(['PER-1:description']);
    await shotFrom(page, session, 'synthesis-round1-en', testInfo, 3200);

    // the result, saved as a rubric set (the best round: 1), then seen in the Rubric sets view
    await expect(session.getByTestId('synthesis-result-best')).toHaveAttribute('data-best', '1');
    await session.getByTestId('synthesis-save-best').click();
    const saved = session.getByTestId('synthesis-saved');
    await expect(saved).toContainText('Saved as rubric set elmes-scenegen v1+r1');
    const rowId = (await saved.getAttribute('data-row-id')) ?? '';
    const exportPath = join(app.tempDir, 'synthesized.json');
    app.dialogs.nextSavePath(exportPath);
    await session.getByTestId('synthesis-export-json').click();
    await expect(session.getByTestId('synthesis-export-status')).toHaveAttribute('data-status', 'saved');
    const exported = parseRubricSet(JSON.parse(await readFile(exportPath, 'utf8')));
    expect(`${exported.id}@${rubricSetHash(exported)}`).toBe(rowId);
    expect(exported.rubrics.map((rubric) => [rubric.id, rubric.weight])).toEqual([['PER-1', 0.3], ['TMP-1', 0.4], ['CS-1', 0.2], ['VI-1', 0.1]]);

    // Chinese: the same view, every word of ours in zh
    await setLanguage(page, 'zh');
    await expect(decision).toContainText('循环已停止：每个指标都合格。');
    // the table's cells follow the language switch (the dimension's name from the spec, not the language the table opened in)
    await expect(session.locator('[data-testid="synthesis-diagnostic-row"][data-metric="PER-1"]')).toContainText('个性化');
    await shotFrom(page, session, 'synthesis-round1-zh', testInfo, 3200);
    await setLanguage(page, 'en');

    await session.getByTestId('synthesis-open-rubric-sets').click();
    const rubricSets = page.getByTestId('rubric-sets-view');
    await expect(rubricSets).toHaveAttribute('data-status', 'ready');
    await expect(page.locator(`[data-testid="rubric-version"][data-row-id="${rowId}"]`)).toHaveAttribute('data-version', '1+r1');
    // the exported file imports there as the same version
    app.dialogs.nextFiles([exportPath]);
    await page.getByTestId('rubric-import').click();
    const outcome = page.getByTestId('rubric-import-outcome');
    await expect(outcome).toHaveAttribute('data-kind', 'imported');
    await expect(outcome).toHaveAttribute('data-row-id', rowId);
    // chosen for the data set, it is the set the Judge view scores with: a judge run starts on it
    const version = page.locator(`[data-testid="rubric-version"][data-row-id="${rowId}"]`);
    await version.getByTestId('rubric-use').click();
    await expect(version).toHaveAttribute('data-chosen', 'true');
    await page.getByTestId('nav-judge').click();
    await expect(page.getByTestId('judge-view')).toBeVisible();
    await page.getByTestId('judge-run-start').click();
    const judgeDialog = page.getByTestId('start-judge-dialog');
    await expect(judgeDialog.getByTestId('start-judge-rubric-set')).toHaveValue(rowId);
    await expect(judgeDialog.getByTestId('start-judge-rubric-set').locator('option:checked')).toContainText('elmes-scenegen v1+r1');
  });
});
