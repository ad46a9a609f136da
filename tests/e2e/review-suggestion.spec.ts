/**
 * The suggestion beside the expert's value taken from an LLM layer: a pre-annotation job runs over
 * the sample through the UI against the scripted server, answering a teacher intent other than the
 * imported one; in review the suggestion is switched to that layer with the keyboard and accepted
 * with 'a'. IndexedDB then holds the layer's value (not the imported one) as accepted, naming the
 * layer; after a reload the data set's review still shows the layer.
 */
import { reply, startLlmServer, type LlmTestServer } from '../support/llm-server';
import { promptTurns, validAnswer } from '../support/jobs/valid-answers';
import { expect, test } from './fixtures/app';
import { DatasetsPage } from './pages/datasets';
import { StartPage } from './pages/start';
import { labelForSidValue } from './support-codebook';
import { readStoredRows } from './support-idb';
import { addConnection, API_KEY, DEFAULT_CODEBOOK } from './support-llm';
import { findSampleDialogue, openDialogueByKeyboard, openSample, readSampleDialogues } from './support-sample';
import { saveShot } from './support-shots';

const REVIEWER = 'Wang Li 王丽';

const target = findSampleDialogue('GPT-4o/GPT-4o-interdis_topic_7.jsonl', 1);
const teacherTurn = target.record.dialogue.findIndex((turn) => turn.role === '教师');
const intentImported = labelForSidValue('teacher_intent', target.record.annotations[teacherTurn].teacher_intent).code;
/** what the scripted model answers for every teacher intent: never the label the sample's target turn was imported with */
const intentFromModel = DEFAULT_CODEBOOK.fields.find((field) => field.id === 'teacher_intent')!.labels.find((label) => label.code !== intentImported)!.code;

interface StoredReview {
  id: string;
  decision: string;
  codes: string[];
  suggestionLayerId?: string;
}

test.describe('review with an LLM layer as the suggestion', () => {
  let server: LlmTestServer;
  test.beforeEach(async () => {
    server = await startLlmServer({
      apiKey: API_KEY,
      models: ['test-model'],
      defaultHandler: ({ body }) => {
        const user = (body as { messages: { role: string; content?: unknown }[] }).messages.find((message) => message.role === 'user');
        const prompt = typeof user?.content === 'string' ? user.content : '';
        return reply.json(validAnswer(DEFAULT_CODEBOOK, promptTurns(prompt), (_turn, fieldId, codes) => (fieldId === 'teacher_intent' ? intentFromModel : codes[0])));
      },
    });
  });
  test.afterEach(async () => {
    await server.close();
  });

  test('the layer is chosen with the keyboard, accept stores its value, and the choice survives a reload', async ({ app }, testInfo) => {
    test.setTimeout(120_000);
    const { page } = app;
    expect(intentFromModel).not.toBe(intentImported);
    await addConnection(app, server);
    await page.getByTestId('nav-home').click();
    const datasets = await openSample(app);
    const datasetName = (await datasets.name.textContent()) ?? '';
    await page.getByTestId('dataset-pre-annotate').click();
    const dialog = page.getByTestId('start-job-dialog');
    await dialog.getByTestId('start-job-connection').check();
    await dialog.getByTestId('start-job-start').click();
    const card = page.getByTestId('jobs-panel').getByTestId('job-card');
    await expect(card).toHaveAttribute('data-status', 'succeeded', { timeout: 30_000 });
    const sample = readSampleDialogues();
    await expect(card.getByTestId('job-done')).toHaveText(`${sample.length} of ${sample.length} done`);
    await page.keyboard.press('Escape');
    const [layer] = await readStoredRows<{ id: string; name: string }>(page, 'layers');

    const review = await openDialogueByKeyboard(datasets, target.teacherModel, target.externalId);
    const dialogueId = (await review.dialogueId())!;
    const turnId = `${dialogueId}#${teacherTurn}`;
    for (let turn = 0; turn < teacherTurn; turn += 1) await review.pressKey('j');
    await expect(review.currentTurn).toHaveAttribute('data-turn-index', String(teacherTurn));
    await review.goToField('teacher_intent');

    // imported first: the sample's own label
    const chooser = page.getByTestId('suggestion-chooser');
    await expect(chooser).toHaveAttribute('data-source', 'imported');
    await expect(page.getByTestId('suggestion-source')).toHaveText(/Suggestion: Imported pre-annotation/);
    await expect(review.preValue('teacher_intent')).toHaveAttribute('data-source', 'imported');
    await expect(review.preValue('teacher_intent').locator('[data-code]')).toHaveAttribute('data-code', intentImported);

    // s: the layer, named in the chooser and the column, its value framed as a layer's
    await review.pressKey('s');
    await expect(chooser).toHaveAttribute('data-source', `layer:${layer.id}`);
    await expect(page.getByTestId('suggestion-select')).toHaveValue(layer.id);
    await expect(page.getByTestId('suggestion-source')).toHaveText(new RegExp(`Suggestion: ${layer.name} \\(LLM\\)`));
    await expect(review.notice).toContainText(layer.name);
    await expect(review.preValue('teacher_intent')).toHaveAttribute('data-source', 'layer');
    await expect(review.preValue('teacher_intent').locator('[data-code]')).toHaveAttribute('data-code', intentFromModel);

    await review.pressKey('a');
    await review.enterReviewerName(REVIEWER);
    await review.expectDecision('teacher_intent', 'accepted');
    await review.expectExpertValue('teacher_intent', [intentFromModel]);
    await review.waitForSaved();

    // stored: the layer's value, accepted, naming the layer; not the imported label
    const stored = (await readStoredRows<StoredReview>(page, 'fieldReviews')).find((row) => row.id === `${turnId}|teacher_intent`);
    const layerValue = (await readStoredRows<{ id: string; values: Record<string, { codes: string[] }> }>(page, 'layerValues')).find((row) => row.id === `${layer.id}|${turnId}`);
    expect(layerValue?.values.teacher_intent.codes).toEqual([intentFromModel]);
    expect(stored).toMatchObject({ decision: 'accepted', codes: layerValue?.values.teacher_intent.codes, suggestionLayerId: layer.id });
    expect(stored?.codes).not.toEqual([intentImported]);
    await saveShot(page, 'review-suggestion-layer-en', testInfo);

    await page.getByTestId('nav-language').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByTestId('suggestion-source')).toHaveText(new RegExp(`建议：${layer.name} \\(LLM\\)`));
    await saveShot(page, 'review-suggestion-layer-zh', testInfo);
    await page.getByTestId('nav-language').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    // a reload: the data set's review still shows the layer, on another dialogue too
    await app.reload();
    await new StartPage(page).openDataset(datasetName);
    const again = new DatasetsPage(page);
    await again.waitForRows();
    const reopened = await openDialogueByKeyboard(again, target.teacherModel, target.externalId);
    await expect(page.getByTestId('suggestion-chooser')).toHaveAttribute('data-source', `layer:${layer.id}`);
    for (let turn = 0; turn < teacherTurn; turn += 1) await reopened.pressKey('j');
    await reopened.goToField('teacher_intent');
    await expect(reopened.preValue('teacher_intent').locator('[data-code]')).toHaveAttribute('data-code', intentFromModel);
    await reopened.expectDecision('teacher_intent', 'accepted');
    await reopened.pressKey('Escape');
    await again.search('');
    await again.filterByModel('');
    const other = sample.find((dialogue) => dialogue.externalId !== target.externalId || dialogue.teacherModel !== target.teacherModel)!;
    await openDialogueByKeyboard(again, other.teacherModel, other.externalId);
    await expect(reopened.root).not.toHaveAttribute('data-dialogue-id', dialogueId);
    await expect(page.getByTestId('suggestion-chooser')).toHaveAttribute('data-source', `layer:${layer.id}`);

    // Shift+S back to the imported pre-annotation
    await reopened.pressKey('Shift+S');
    await expect(page.getByTestId('suggestion-chooser')).toHaveAttribute('data-source', 'imported');
  });
});
