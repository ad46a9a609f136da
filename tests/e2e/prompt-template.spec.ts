/**
 * The prompt a pre-annotation job is asked with, edited from the start dialog: a sentence added
 * to the SID default shows in the preview of a real dialogue of the data set and changes the
 * token estimate; saved, it is version 2 with its own hash; the scripted server receives exactly
 * the previewed messages, the stored calls name version 2 and its hash, and the next job starts
 * with it by default.
 */
import { DEFAULT_PRE_ANNOTATION_TEMPLATE, templateRef } from '../../shared/llm/prompt-template';
import { estimateMessagesTokens } from '../../shared/llm/token-estimate';
import type { ChatMessage } from '../../shared/llm/messages';
import { reply, startLlmServer, type LlmTestServer } from '../support/llm-server';
import { expect, test } from './fixtures/app';
import { readStoredRows } from './support-idb';
import { addConnection, API_KEY, userPrompt, validAnswer } from './support-llm';
import { openSample, readSampleDialogues } from './support-sample';
import { saveShot } from './support-shots';

const SENTENCE = 'Read each turn twice before you answer; 请逐轮仔细阅读。';
const EDITED = { ...DEFAULT_PRE_ANNOTATION_TEMPLATE, version: '2', system: `${DEFAULT_PRE_ANNOTATION_TEMPLATE.system}\n\n${SENTENCE}` };

test.describe('the prompt template', () => {
  let server: LlmTestServer;
  test.beforeEach(async () => {
    server = await startLlmServer({ apiKey: API_KEY, models: ['test-model'], defaultHandler: ({ body }) => reply.json(validAnswer(userPrompt(body as never))) });
  });
  test.afterEach(async () => {
    await server.close();
  });

  test('is edited with a live check, previewed on a real dialogue with its token estimate, saved as version 2, and sent as previewed', async ({ app }, testInfo) => {
    test.setTimeout(120_000);
    const { page } = app;
    // wide enough for the editor's two columns (texts beside the preview) in the screenshots
    await page.setViewportSize({ width: 1360, height: 900 });
    await addConnection(app, server, 'Priced server', 'test-model', { inputPerMillion: 2, outputPerMillion: 8 });
    await page.getByTestId('nav-home').click();
    await openSample(app);
    await page.getByTestId('dataset-pre-annotate').click();
    const dialog = page.getByTestId('start-job-dialog');
    await dialog.getByTestId('start-job-connection').check();

    // the SID default, named as the stored calls will name it
    const reference = dialog.getByTestId('start-job-template-ref');
    await expect(reference).toHaveAttribute('data-version', '1');
    await expect(reference).toHaveAttribute('data-hash', templateRef(DEFAULT_PRE_ANNOTATION_TEMPLATE).hash);
    const sample = readSampleDialogues();
    const estimate = dialog.getByTestId('start-job-estimate');
    await expect(estimate).toHaveAttribute('data-calls', String(sample.length));
    const defaultTokens = Number(await estimate.getAttribute('data-input-tokens'));
    await expect(estimate.getByTestId('start-job-estimate-costs')).toContainText('Estimated cost on Priced server');

    await dialog.getByTestId('start-job-edit-template').click();
    const editor = page.getByTestId('prompt-editor');
    await expect(editor).toBeVisible();
    const system = editor.getByTestId('prompt-editor-system');
    await expect(system).toBeFocused();
    await expect(system).toHaveValue(DEFAULT_PRE_ANNOTATION_TEMPLATE.system);
    await expect(editor.getByTestId('prompt-editor-variables')).toContainText('{{turns}}');
    await expect(editor.getByTestId('prompt-editor-problems')).toHaveAttribute('data-count', '0');
    const previewTokens = editor.getByTestId('prompt-editor-preview-tokens');
    const defaultPreviewTokens = Number(await previewTokens.getAttribute('data-input-tokens'));
    expect(defaultPreviewTokens).toBeGreaterThan(0);
    await expect(editor.getByTestId('prompt-editor-save')).toBeDisabled();

    // a variable that does not exist: the problem is shown as it is typed, and saving waits
    const user = editor.getByTestId('prompt-editor-user');
    await user.press('End');
    await user.pressSequentially(' {{feilds}}');
    await expect(editor.getByTestId('prompt-editor-problems')).toContainText('{{feilds}}, which is not a variable');
    await expect(editor.getByTestId('prompt-editor-save')).toBeDisabled();
    await user.fill(DEFAULT_PRE_ANNOTATION_TEMPLATE.user);
    await expect(editor.getByTestId('prompt-editor-problems')).toHaveAttribute('data-count', '0');

    // the added sentence, in the preview of the first dialogue the job asks
    await system.fill(EDITED.system);
    const preview = editor.getByTestId('prompt-editor-preview');
    await expect(preview.locator('li[data-role="system"] pre')).toContainText(SENTENCE);
    await expect.poll(async () => Number(await previewTokens.getAttribute('data-input-tokens'))).toBeGreaterThan(defaultPreviewTokens);
    // another dialogue of the data set: its own turns
    const previewDialogue = editor.getByTestId('prompt-editor-preview-dialogue');
    const firstName = await editor.getByTestId('prompt-editor-preview-dialogue-name').textContent();
    await previewDialogue.fill('2');
    await expect(editor.getByTestId('prompt-editor-preview-dialogue-name')).not.toHaveText(firstName ?? '');
    const previewed: ChatMessage[] = await preview.locator('li').evaluateAll((items) =>
      items.map((item) => ({ role: item.getAttribute('data-role') as ChatMessage['role'], content: item.querySelector('pre')?.textContent ?? '' })),
    );
    expect(previewed.map((message) => message.role)).toEqual(['system', 'user']);
    expect(Number(await previewTokens.getAttribute('data-shown-tokens'))).toBe(estimateMessagesTokens(previewed));
    const jobEstimate = editor.getByTestId('prompt-editor-job-estimate');
    await expect.poll(async () => Number(await jobEstimate.getAttribute('data-input-tokens'))).toBeGreaterThan(defaultTokens);
    await expect(jobEstimate).toContainText('Estimated cost on Priced server');
    await saveShot(editor, 'prompt-editor-en', testInfo);

    await editor.getByTestId('prompt-editor-save').click();
    await expect(editor.getByTestId('prompt-editor-message')).toHaveText('Saved as version 2; the job will use it.');
    await page.keyboard.press('Escape');
    await expect(editor).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('start-job-edit-template')).toBeFocused();
    await expect(reference).toHaveAttribute('data-version', '2');
    await expect(reference).toHaveAttribute('data-hash', templateRef(EDITED).hash);
    await expect.poll(async () => Number(await estimate.getAttribute('data-input-tokens'))).toBeGreaterThan(defaultTokens);
    const estimatedTokens = Number(await estimate.getAttribute('data-input-tokens'));
    await saveShot(dialog, 'start-job-prompt-en', testInfo);

    await dialog.getByTestId('start-job-start').click();
    const card = page.getByTestId('jobs-panel').getByTestId('job-card');
    await expect(card).toHaveAttribute('data-status', 'succeeded', { timeout: 30_000 });
    await page.keyboard.press('Escape');

    // the server got the edited text, the previewed dialogue exactly as previewed, and as many tokens as estimated
    const sent = server.log.chatRequests().map((entry) => (entry.body as { messages: ChatMessage[] }).messages.map(({ role, content }) => ({ role, content })));
    expect(sent).toHaveLength(sample.length);
    expect(sent.every((messages) => messages[0].role === 'system' && messages[0].content.includes(SENTENCE))).toBe(true);
    expect(sent).toContainEqual(previewed);
    expect(sent.reduce((sum, messages) => sum + estimateMessagesTokens(messages), 0)).toBe(estimatedTokens);
    // the stored calls name version 2 and its hash
    await expect.poll(async () => (await readStoredRows(page, 'llmCalls')).length, { timeout: 10_000 }).toBe(sample.length);
    const calls = await readStoredRows<{ calls: { template: unknown }[] }>(page, 'llmCalls');
    expect(new Set(calls.flatMap((row) => row.calls.map((call) => JSON.stringify(call.template))))).toEqual(new Set([JSON.stringify(templateRef(EDITED))]));
    const saved = await readStoredRows<{ key: string; hash: string; system: string }>(page, 'promptTemplates');
    expect(saved).toEqual([expect.objectContaining({ key: 'sid-pre-annotation@2', hash: templateRef(EDITED).hash, system: EDITED.system })]);

    // the next job starts with the last saved version; both languages, for people to look at
    await page.getByTestId('nav-language').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await page.getByTestId('dataset-pre-annotate').click();
    await expect(reference).toHaveAttribute('data-version', '2');
    await dialog.getByTestId('start-job-connection').check();
    await expect(estimate).toHaveAttribute('data-input-tokens', String(estimatedTokens));
    await saveShot(dialog, 'start-job-prompt-zh', testInfo);
    await dialog.getByTestId('start-job-edit-template').click();
    await expect(system).toHaveValue(EDITED.system);
    await expect(editor.getByTestId('prompt-editor-preview-dialogue')).toHaveValue('1');
    await expect(editor.getByTestId('prompt-editor-preview-tokens')).toContainText('词元');
    await saveShot(editor, 'prompt-editor-zh', testInfo);

    // reset to the default: the job goes back to version 1, and nothing saved is lost
    await editor.getByTestId('prompt-editor-reset').click();
    await expect(system).toHaveValue(DEFAULT_PRE_ANNOTATION_TEMPLATE.system);
    await editor.getByTestId('prompt-editor-close').click();
    await expect(reference).toHaveAttribute('data-version', '1');
    await expect(dialog.getByTestId('start-job-template').locator('option')).toHaveCount(2);
  });
});
