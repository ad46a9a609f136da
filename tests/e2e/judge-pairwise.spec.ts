/**
 * Pairwise judging from the UI against the scripted server: the sample's first two teacher
 * models compared (12 pairs by topic, student and repeat), the server a position-biased judge
 * (always "first") for every third pair and a consistent one for the others (A better, then B
 * better, by the pair's rank). The view's inconsistency rate and win counts are checked against
 * what is worked out here from that script; a pair is opened in review from the drill-down; a
 * CLI-style pairwise results file is imported; shots in English and Chinese.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { reply, startLlmServer, type LlmTestServer } from '../support/llm-server';
import { pairwiseReply } from '../support/llm-server/pairwise-scripts';
import { expect, test } from './fixtures/app';
import { ReviewPage } from './pages/review';
import { readStoredRows } from './support-idb';
import { addConnection, API_KEY } from './support-llm';
import { openSample, readSampleDialogues, type SampleDialogue } from './support-sample';
import { saveShot } from './support-shots';
import { writeInputFile } from './support-sid-files';

const PACE_MS = 200;

/** Which of `candidates` a transcript shows: the one with the most of its utterances quoted in it. */
function dialogueOf(candidates: readonly SampleDialogue[], transcript: string): SampleDialogue {
  let best = candidates[0];
  let bestCount = -1;
  for (const dialogue of candidates) {
    const count = dialogue.record.dialogue.filter((turn) => transcript.includes(JSON.stringify(turn.content.trim()))).length;
    if (count > bestCount) [best, bestCount] = [dialogue, count];
  }
  return best;
}

async function setLanguage(page: Page, language: 'zh' | 'en') {
  const html = page.locator('html');
  if (((await html.getAttribute('lang')) === 'zh-CN') !== (language === 'zh')) await page.getByTestId('nav-language').click();
}

test.describe('pairwise judging from the UI', () => {
  let server: LlmTestServer;
  const sample = readSampleDialogues();
  const [modelA, modelB] = [...new Set(sample.map((dialogue) => dialogue.teacherModel))];
  const sideA = sample.filter((dialogue) => dialogue.teacherModel === modelA);
  const sideB = sample.filter((dialogue) => dialogue.teacherModel === modelB);
  const pairIds = sideA.map((dialogue) => dialogue.externalId).filter((id) => sideB.some((other) => other.externalId === id)).sort();
  /** every third pair by rank is judged position-biased; of the others, rank 1 mod 3 has A better, 2 mod 3 B better */
  const kindOf = (pairId: string) => (['biased', 'A', 'B'] as const)[pairIds.indexOf(pairId) % 3];
  const expected = {
    judged: pairIds.length,
    inconsistent: pairIds.filter((id) => kindOf(id) === 'biased').length,
    winsA: pairIds.filter((id) => kindOf(id) === 'A').length,
    winsB: pairIds.filter((id) => kindOf(id) === 'B').length,
  };

  test.beforeEach(async () => {
    server = await startLlmServer({
      apiKey: API_KEY,
      models: ['judge-model'],
      defaultHandler: async ({ body }) => {
        const user = String((body as { messages: { content?: unknown }[] }).messages.at(-1)?.content ?? '');
        // the dialogue shown first (its pair shares its id); which model it is says which position A holds
        const [, firstText = ''] = user.split('\n## ');
        const first = dialogueOf([...sideA, ...sideB], firstText);
        const kind = kindOf(first.externalId);
        if (kind === 'biased') return reply.delay(20, pairwiseReply.verdict('first', 'The first one <b>tutors</b> better.'));
        const better = kind === 'A' ? modelA : modelB;
        return reply.delay(20, pairwiseReply.verdict(first.teacherModel === better ? 'first' : 'second', `${better} asks better questions.`));
      },
    });
  });
  test.afterEach(async () => {
    await server.close();
  });

  test('start a pairwise run, read its figures, open a pair in review, import a CLI pairwise file', async ({ app }, testInfo) => {
    test.setTimeout(180_000);
    expect(pairIds.length).toBeGreaterThan(5);
    const { page } = app;
    await addConnection(app, server, 'Judge server', 'judge-model');
    await addConnection(app, server, 'Second judge', 'judge-model');
    await page.getByTestId('nav-home').click();
    await openSample(app);

    // From the data set's table: "Judge…", the pairwise mode, A and B chosen (first in Chinese, closed, then in English)
    const dialog = page.getByTestId('start-judge-dialog');
    const choose = async () => {
      await page.getByTestId('dataset-judge').click();
      await expect(dialog).toBeVisible();
      await dialog.getByTestId('start-judge-mode-pairwise').check();
      for (const box of await dialog.getByTestId('start-judge-connection').all()) await box.check();
      await dialog.getByTestId('start-pairwise-group-a').selectOption(modelA);
      await page.waitForTimeout(PACE_MS);
      await dialog.getByTestId('start-pairwise-group-b').selectOption(modelB);
    };
    // the table filtered to model A: "Judge…" preselects the filter's dialogues as the scope
    await page.getByTestId('dataset-filter-model').selectOption(modelA);
    await expect(page.getByTestId('dataset-visible-count')).toContainText(`${sideA.length}`);
    await page.getByTestId('dataset-judge').click();
    await expect(dialog.getByTestId('start-judge-only-filtered')).toBeChecked();
    await expect(dialog.getByTestId('start-judge-only-filtered').locator('..')).toContainText(`Only the table’s filter (${sideA.length} dialogues)`);
    await expect(dialog.getByTestId('start-judge-calls')).toHaveAttribute('data-dialogues', String(sideA.length));
    await dialog.getByTestId('start-judge-only-filtered').uncheck();
    await expect(dialog.getByTestId('start-judge-calls')).toHaveAttribute('data-dialogues', String(sample.length));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByTestId('dataset-clear-filters').click();

    await setLanguage(page, 'zh');
    await choose();
    await expect(dialog.getByTestId('start-judge-calls')).toContainText('种顺序');
    await saveShot(dialog, 'pairwise-dialog-zh', testInfo);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await setLanguage(page, 'en');
    await choose();
    const pairing = dialog.getByTestId('start-pairwise-pairing');
    await expect(pairing).toHaveAttribute('data-pairs', String(pairIds.length));
    await expect(pairing).toHaveAttribute('data-unpaired', '0');
    await expect(dialog.getByTestId('start-judge-calls')).toHaveAttribute('data-calls', String(pairIds.length * 2 * 2));
    await expect(dialog.getByTestId('start-judge-calls')).toContainText(`${pairIds.length * 4} model calls (${pairIds.length} pairs × 2 orders × 2 judges × 1 samples)`);
    await expect(dialog.getByTestId('start-judge-estimate')).toBeVisible();
    await expect(dialog.getByTestId('start-judge-few-shot')).toHaveCount(0);
    await saveShot(dialog, 'pairwise-dialog-en', testInfo);
    await dialog.evaluate((element) => (element.scrollTop = element.scrollHeight));
    await saveShot(dialog, 'pairwise-dialog-bottom-en', testInfo);
    await dialog.getByTestId('start-judge-name').fill('A vs B');
    await dialog.getByTestId('start-judge-name').press('Enter');
    await expect(dialog).toBeHidden();
    await page.keyboard.press('Escape');

    // the Judge view shows the run's figures, worked out here from the script
    await page.getByTestId('nav-judge').click();
    await expect(page.getByTestId('judge-run-select')).toContainText('A vs B');
    // both judges answer alike (one server); the panel pools their comparisons, so it counts each twice
    await expect(page.getByTestId('pairwise-row')).toHaveCount(3);
    for (const [judge, times] of [['Judge server', 1], ['Second judge', 1], ['', 2]] as const) {
      const row = page.locator(`[data-testid="pairwise-row"][data-judge="${judge}"]`);
      await expect(row).toHaveAttribute('data-judged', String(expected.judged * times), { timeout: 60_000 });
      await expect(row).toHaveAttribute('data-incomplete', '0');
      await expect(row).toHaveAttribute('data-inconsistent', String(expected.inconsistent * times));
      await expect(row).toHaveAttribute('data-first-favoured', String(expected.inconsistent * times));
      await expect(row).toHaveAttribute('data-wins-a', String(expected.winsA * times));
      await expect(row).toHaveAttribute('data-wins-b', String(expected.winsB * times));
      await expect(row).toHaveAttribute('data-ties', '0');
      expect(Number(await row.getAttribute('data-inconsistency-rate'))).toBeCloseTo(expected.inconsistent / expected.judged, 12);
      expect(Number(await row.getAttribute('data-win-rate-a'))).toBeCloseTo(expected.winsA / (expected.winsA + expected.winsB), 12);
    }
    await expect(page.locator('[data-testid="pairwise-row"][data-judge=""] th')).toHaveText('Panel (pooled)');
    // no Table I for a pairwise run: nothing computed, nothing shown
    await expect(page.getByTestId('judge-view')).toHaveAttribute('data-report', 'idle');
    await expect(page.getByTestId('judge-export-csv')).toHaveCount(0);
    await saveShot(page, 'pairwise-judge-view-en', testInfo);
    expect(server.log.entries.filter((entry) => entry.path.endsWith('/chat/completions'))).toHaveLength(pairIds.length * 4);
    const stored = await readStoredRows(page, 'pairwiseVerdicts');
    expect(stored).toHaveLength(pairIds.length * 4);
    const run = (await readStoredRows(page, 'judgeRuns')).find((candidate) => (candidate as { name: string }).name === 'A vs B') as { mode: string; pairwise: { groupA: string; groupB: string } };
    expect(run).toMatchObject({ mode: 'pairwise', pairwise: { groupA: modelA, groupB: modelB } });

    // the drill-down: both orders as text (the rationale's markup shown as typed), the outcome per pair
    const biased = pairIds.find((id) => kindOf(id) === 'biased')!;
    const biasedRow = page.getByTestId('pairwise-pair').filter({ has: page.locator(`th:text-is("${biased}")`) });
    await expect(biasedRow).toHaveAttribute('data-outcome', 'inconsistent');
    await expect(biasedRow.getByTestId('pairwise-ab')).toContainText('The first one <b>tutors</b> better.');
    await expect(page.locator('.pairwise-section b')).toHaveCount(0);
    const winA = pairIds.find((id) => kindOf(id) === 'A')!;
    await expect(page.getByTestId('pairwise-pair').filter({ has: page.locator(`th:text-is("${winA}")`) })).toHaveAttribute('data-outcome', 'A');
    await saveShot(page.getByTestId('pairwise-section'), 'pairwise-view-en', testInfo);
    await setLanguage(page, 'zh');
    await expect(page.getByTestId('pairwise-section')).toContainText('位置不一致率');
    await saveShot(page.getByTestId('pairwise-section'), 'pairwise-view-zh', testInfo);
    await setLanguage(page, 'en');

    // the summary saved as CSV and Markdown, the same figures
    const csvPath = join(app.tempDir, 'pairwise.csv');
    app.dialogs.nextSavePath(csvPath);
    await page.getByTestId('pairwise-export-csv').click();
    await expect(page.getByTestId('pairwise-save')).toHaveAttribute('data-status', 'saved');
    const csv = (await readFile(csvPath, 'utf8')).trim().split('\n');
    const consistent = expected.winsA + expected.winsB;
    expect(csv[1]).toMatch(new RegExp(`^Judge server,${modelA},${modelB},${expected.judged},0,${consistent},${expected.inconsistent},${expected.winsA},${expected.winsB},0,${(expected.winsA / consistent).toFixed(4)},`));
    expect(csv[3]).toMatch(/^Panel \(pooled\),/);
    const mdPath = join(app.tempDir, 'pairwise.md');
    app.dialogs.nextSavePath(mdPath);
    await page.getByTestId('pairwise-export-md').click();
    await expect(page.getByTestId('pairwise-save')).toContainText(mdPath);
    expect(await readFile(mdPath, 'utf8')).toContain(`| Judge server | ${expected.judged} | 0 | ${consistent} | ${expected.inconsistent} |`);

    // the second judge's pairs
    await page.getByTestId('pairwise-drill-judge').selectOption('Second judge');
    await expect(biasedRow).toHaveAttribute('data-outcome', 'inconsistent');

    // open B of the biased pair in review, and come back
    const dialogueB = (await biasedRow.getAttribute('data-b'))!;
    await biasedRow.getByTestId('pairwise-open-b').click();
    await new ReviewPage(page).waitForReady(dialogueB);
    await page.waitForTimeout(PACE_MS);
    await page.getByTestId('review-back').click();
    await expect(page.getByTestId('pairwise-section')).toBeVisible();

    // a CLI pairwise file: imported as a pairwise run (a mixed file is refused with file:line)
    const lineOf = (pair: string, order: 'ab' | 'ba', verdict: 'first' | 'second') => JSON.stringify({ pair, groupA: modelA, groupB: modelB, dialogueA: pair, dialogueB: pair, order, judge: 'cli-judge', sample: 0, status: 'valid', verdict, rationale: 'cli' });
    const mixed = await writeInputFile(join(app.tempDir, 'mixed.jsonl'), `${lineOf(pairIds[0], 'ab', 'first')}\n${JSON.stringify({ dialogue: pairIds[0], group: modelA, judge: 'j', sample: 0, status: 'failed', scores: [], reason: 'x' })}\n`);
    app.dialogs.nextFiles([mixed]);
    await page.getByTestId('judge-import').click();
    const outcome = page.getByTestId('judge-import-outcome');
    await expect(outcome).toHaveAttribute('data-kind', 'refused');
    await expect(outcome).toContainText('mixed.jsonl:2: a score line in a file of pairwise lines');
    // two pairs, both consistent for A; a third inconsistent
    const cli = [lineOf(pairIds[0], 'ab', 'first'), lineOf(pairIds[0], 'ba', 'second'), lineOf(pairIds[1], 'ab', 'first'), lineOf(pairIds[1], 'ba', 'second'), lineOf(pairIds[2], 'ab', 'first'), lineOf(pairIds[2], 'ba', 'first')];
    const good = await writeInputFile(join(app.tempDir, 'pairs.jsonl'), `${cli.join('\n')}\n`);
    app.dialogs.nextFiles([good]);
    await page.getByTestId('judge-import').click();
    await expect(outcome).toHaveAttribute('data-kind', 'imported');
    await expect(page.getByTestId('judge-run-select')).toContainText('pairs.jsonl');
    const imported = page.getByTestId('pairwise-row').first();
    await expect(imported).toHaveAttribute('data-judge', 'cli-judge');
    await expect(imported).toHaveAttribute('data-judged', '3');
    await expect(imported).toHaveAttribute('data-wins-a', '2');
    await expect(imported).toHaveAttribute('data-inconsistent', '1');
    // run comparison sets score runs side by side: pairwise runs are not offered to it
    await expect(page.getByTestId('judge-comparison')).toHaveCount(0);
  });
});
