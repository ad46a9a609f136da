/**
 * The dataset card beside an export, compared with what the app shows. Ten dialogues are
 * imported, a second annotator's copy of the file (two teacher intents changed) is attached as a
 * human layer, a spot-check of three dialogues is drawn and its teacher intents judged in review.
 * The SID export then writes `card export.jsonl.card.md` and `.card.json` beside the file; the card's
 * agreement figures (coefficient, n, 95% CI per field; Fleiss and alpha across the layers) are
 * compared with the numbers the agreement view shows on screen, and its spot-check figures with
 * the spot-check view's — both read from the DOM, never recomputed here.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures/app';
import { AgreementPage } from './pages/agreement';
import { DatasetsPage } from './pages/datasets';
import { ExportPage } from './pages/export';
import { ImportPage } from './pages/import';
import { ReviewPage } from './pages/review';
import { SpotCheckPage } from './pages/spot-check';
import { StartPage } from './pages/start';
import { codebookField } from './support-codebook';
import { readStoredRows } from './support-idb';
import { saveShot } from './support-shots';
import { jsonlText, sidRecord, writeInputFile } from './support-sid-files';

const REVIEWER = 'Card Reviewer 审阅';
const LAYER_NAME = 'Annotator <B> | 2';

function records(changed: ReadonlySet<number> = new Set()) {
  const other = codebookField('teacher_intent').labels.find((label) => label.name.zh !== '引导推理')!.name.zh;
  return Array.from({ length: 10 }, (_, index) =>
    sidRecord({ topicId: index + 1, studentId: 1, repeatId: 1 }, [
      { role: '学生', content: `第 ${index + 1} 题我不会。` },
      { role: '教师', content: `我们先看第 ${index + 1} 题的条件，你注意到了什么？`, ...(changed.has(index) ? { labels: { teacher_intent: other } } : {}) },
    ]),
  );
}

interface CardCoefficient {
  coefficient: string;
  value: number | null;
  items: number;
  ci95: [number, number] | null;
}
interface CardJson {
  cardVersion: number;
  toolVersion: string;
  counts: { dialogues: number; turns: number; teacherModels: { name: string }[]; topics: number };
  agreement: { raters: string[]; layers: string[]; rows: ({ fieldId: string } & CardCoefficient)[]; panel: { raters: string[]; rows: { fieldId: string; fleiss: CardCoefficient; alpha: CardCoefficient }[] } | null };
  spotChecks: { name: string; fields: { field: string; n: number; errors: number; noLlmValue: number; rate: number | null; low: number; high: number; verdict: string }[] }[];
  exportAgreement: { rows: ({ fieldId: string } & CardCoefficient)[] };
  coverage: { export: { scope: string; dialogues: number; turns: number }; dataSet: { dialogues: number; turns: number }; sections: Record<string, string> };
  export: { unsureValues: string };
  license: null;
}

/** The rows of the Markdown table that follows `heading`, keyed by the `(field id)` of their first cell. */
function markdownTable(markdown: string, heading: string): Map<string, string[]> {
  const start = markdown.indexOf(heading);
  expect(start).toBeGreaterThanOrEqual(0);
  const lines = markdown.slice(start).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rows = new Map<string, string[]>();
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line.slice(2, -2).split(' | ');
    const id = /\(([a-z_]+)\)( = (\S+))?$/.exec(cells[0]);
    if (id) rows.set(id[3] ? `${id[1]}=${id[3]}` : id[1], cells);
  }
  return rows;
}

test('dataset card: written beside the export, its agreement and spot-check figures the ones the views show', async ({ app }, testInfo) => {
  test.setTimeout(180_000);
  const { page } = app;
  const path = await writeInputFile(join(app.tempDir, 'GPT-4o', 'card.jsonl'), jsonlText(records()));
  app.dialogs.nextFiles([path]);
  await new StartPage(page).importFiles();
  const wizard = new ImportPage(page);
  await wizard.waitForReport();
  await wizard.setTeacherModel('card.jsonl', 'GPT-4o');
  await wizard.intoNewDataset('Card data');
  await wizard.confirm();
  const datasets = new DatasetsPage(page);
  await datasets.waitForRows();
  const datasetId = (await datasets.root.getAttribute('data-dataset-id')) ?? '';
  expect(datasetId).not.toBe('');

  // a second annotator's copy, two teacher intents changed, attached as a human layer
  const layerPath = await writeInputFile(join(app.tempDir, 'layer', 'GPT-4o', 'card.jsonl'), jsonlText(records(new Set([0, 1]))));
  app.dialogs.nextFiles([layerPath]);
  await datasets.importFilesButton.click();
  await wizard.waitForReport();
  await wizard.intoExistingDataset(datasetId);
  await wizard.setTeacherModel('card.jsonl', 'GPT-4o');
  if ((await wizard.files.first().getAttribute('data-verdict')) === 'warnings') await wizard.files.first().getByTestId('import-accept-warnings').check();
  await wizard.attachAsLayer(LAYER_NAME, 'human');
  await wizard.confirm();

  // a spot-check of three dialogues, its teacher intents judged in review
  const spot = new SpotCheckPage(page);
  await spot.open();
  await spot.drawDialogues({ percent: 30, seed: 7 });
  const [drawn] = await readStoredRows<{ items: { dialogueId: string }[] }>(page, 'spotChecks');
  const sample = drawn.items.map((item) => item.dialogueId);
  expect(sample).toHaveLength(3);
  await spot.items.first().getByTestId('spot-check-open-queue').click();
  const review = new ReviewPage(page);
  await review.waitForReady(sample[0]);
  const judge = async (key: '1' | 'a', first: boolean) => {
    await review.pressKey('j');
    await expect(review.currentTurn).toHaveAttribute('data-turn-index', '1');
    await review.goToField('teacher_intent');
    await review.pressKey(key);
    if (first) await review.enterReviewerName(REVIEWER);
    await review.expectDecision('teacher_intent', key === '1' ? 'changed' : 'accepted');
    await review.waitForSaved();
  };
  await judge('1', true);
  await review.pressKey(']');
  await review.waitForReady(sample[1]);
  await judge('a', false);
  await review.pressKey(']');
  await review.waitForReady(sample[2]);
  await judge('a', false);
  await page.getByTestId('review-queue-done').click();
  await expect(spot.root).toHaveAttribute('data-state', 'ready');
  await expect(spot.row('teacher_intent').getByTestId('spot-check-n')).toHaveText('3');

  // what the spot-check view shows, read off the screen
  const spotShown = new Map<string, { n: string; errors: string; rate: string; interval: string; verdict: string }>();
  for (const row of await page.getByTestId('spot-check-row').all()) {
    spotShown.set((await row.getAttribute('data-field')) ?? '', {
      n: await row.getByTestId('spot-check-n').innerText(),
      errors: await row.getByTestId('spot-check-errors').innerText(),
      rate: await row.getByTestId('spot-check-rate').innerText(),
      interval: await row.getByTestId('spot-check-interval').innerText(),
      verdict: (await row.getAttribute('data-verdict')) ?? '',
    });
  }
  expect(spotShown.size).toBeGreaterThan(0);

  // what the agreement view shows by default (LLM pre-annotation × expert, and across the layers)
  const agreement = new AgreementPage(page);
  await agreement.open();
  await expect(agreement.root).toHaveAttribute('data-state', 'ready');
  const pairShown = new Map<string, { n: string; kappa: string; ci: string; value: string }>();
  for (const row of await page.getByTestId('agreement-row').all()) {
    const key = (await row.getAttribute('data-key')) ?? '';
    if (key.includes(':')) continue; // per-code rows (collapsed by default)
    pairShown.set(key, {
      n: await row.getByTestId('agreement-n').innerText(),
      kappa: await row.getByTestId('agreement-kappa').innerText(),
      ci: await row.getByTestId('agreement-ci').innerText(),
      value: (await row.getAttribute('data-kappa')) ?? '',
    });
  }
  expect(pairShown.get('teacher_intent')?.n).toBe('3');
  const panelShown = new Map<string, { fleiss: string; alpha: string; fleissText: string; alphaText: string }>();
  for (const row of await page.getByTestId('agreement-panel-row').all()) {
    const key = (await row.getAttribute('data-key')) ?? '';
    if (key.includes(':')) continue;
    panelShown.set(key, {
      fleiss: (await row.getAttribute('data-fleiss')) ?? '',
      alpha: (await row.getAttribute('data-alpha')) ?? '',
      fleissText: await row.getByTestId('agreement-panel-fleiss').innerText(),
      alphaText: await row.getByTestId('agreement-panel-alpha').innerText(),
    });
  }
  expect(panelShown.size).toBeGreaterThan(0);

  // the export, and the card beside it
  await page.getByTestId('nav-export').click();
  const exporter = new ExportPage(page);
  await exporter.choose('all', 'sid-jsonl');
  const jsonlPath = join(app.tempDir, 'card export.jsonl');
  app.dialogs.nextSavePath(jsonlPath);
  expect(await exporter.saveUntilAsked()).toBeGreaterThan(0);
  expect(await exporter.confirm()).toBe(jsonlPath);
  const cardMd = join(app.tempDir, 'card export.jsonl.card.md');
  const cardJson = join(app.tempDir, 'card export.jsonl.card.json');
  await expect(page.getByTestId('export-result-card')).toHaveAttribute('data-paths', `${cardMd}\n${cardJson}`);
  await expect(page.getByTestId('export-result-card')).toContainText('card export.jsonl.card.md, card export.jsonl.card.json');
  await saveShot(exporter.result, 'export-card-result-en', testInfo);
  await page.getByTestId('nav-language').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByTestId('export-result-card')).toContainText('数据集说明卡');
  await saveShot(exporter.result, 'export-card-result-zh', testInfo);
  await page.getByTestId('nav-language').click();
  const card = JSON.parse(await readFile(cardJson, 'utf8')) as CardJson;
  const markdown = await readFile(cardMd, 'utf8');

  expect(card).toMatchObject({ cardVersion: 2, counts: { dialogues: 10, turns: 20, topics: 10 }, license: null });
  expect(card.counts.teacherModels.map((model) => model.name)).toEqual(['GPT-4o']);
  expect(card.agreement.layers).toEqual([LAYER_NAME]);
  expect(markdown).toContain('Annotator &lt;B&gt; \\| 2');
  expect(markdown).not.toContain('<B>');

  // agreement: every field row the view shows, the same n, coefficient and interval
  const pairMd = markdownTable(markdown, '## Agreement');
  expect(card.agreement.rows.map((row) => row.fieldId).sort()).toEqual([...pairShown.keys()].sort());
  for (const row of card.agreement.rows) {
    const shown = pairShown.get(row.fieldId)!;
    const md = pairMd.get(row.fieldId)!;
    expect(String(row.items), row.fieldId).toBe(shown.n);
    expect(row.value === null ? '' : String(row.value), row.fieldId).toBe(shown.value);
    expect(md[3], row.fieldId).toBe(shown.n);
    expect(md[4], row.fieldId).toBe(shown.ci);
    // the view writes "0.123 (linear)", "—" when undefined, "too few items (n = 3, …)" below 10 items,
    // where the card gives no coefficient either, "— (reason)"
    if (shown.kappa.startsWith('too few items')) expect(md[2], row.fieldId).toMatch(/^— \(/);
    else expect(md[2].split(' (')[0], row.fieldId).toBe(shown.kappa.split(' (')[0]);
  }
  // across the layers: Fleiss and alpha per field as the view shows them
  const panelMd = markdownTable(markdown, 'Across ');
  expect(card.agreement.panel).not.toBeNull();
  for (const row of card.agreement.panel!.rows) {
    const shown = panelShown.get(row.fieldId)!;
    expect(row.fleiss.value === null ? '' : String(row.fleiss.value), row.fieldId).toBe(shown.fleiss);
    expect(row.alpha.value === null ? '' : String(row.alpha.value), row.fieldId).toBe(shown.alpha);
    // below 10 items the view says "too few items (…)" where the card gives no coefficient, "—"
    const noCoefficient = (text: string) => text.startsWith('too few items');
    if (noCoefficient(shown.fleissText)) expect(panelMd.get(row.fieldId)![1], row.fieldId).toMatch(/^—/);
    else expect(panelMd.get(row.fieldId)![1], row.fieldId).toBe(shown.fleissText);
    if (noCoefficient(shown.alphaText)) expect(panelMd.get(row.fieldId)![3], row.fieldId).toMatch(/^—/);
    else expect(shown.alphaText.startsWith(`${panelMd.get(row.fieldId)![3]} `), row.fieldId).toBe(true);
  }

  // every section says what it covers; this export holds everything, so its own agreement is the view's
  expect(card.coverage).toMatchObject({ export: { scope: 'all', dialogues: 10, turns: 20 }, dataSet: { dialogues: 10, turns: 20 }, sections: { agreement: 'data-set', exportAgreement: 'export', spotChecks: 'data-set', counts: 'export' } });
  expect(card.export.unsureValues).toBe('empty');
  expect(card.exportAgreement.rows).toEqual(card.agreement.rows);
  expect(markdown).toContain('## Agreement\n\n*Covers: the whole data set (10 dialogues, 20 turns; every reviewed turn of it) — this export holds all of it.*');
  expect(markdown).toContain('## Spot-checks\n\n*Covers: the whole data set (10 dialogues, 20 turns; samples drawn from all of it)');
  expect(markdown).toContain("## Counts\n\n*Covers: this export's scope — every dialogue, reviewed or not: 10 dialogues, 20 turns.*");

  // spot-check: every row the view shows, the same n, errors, rate, interval and verdict
  expect(card.spotChecks).toHaveLength(1);
  const spotMd = markdownTable(markdown, '## Spot-checks');
  for (const [field, shown] of spotShown) {
    const entry = card.spotChecks[0].fields.find((candidate) => candidate.field === field)!;
    expect(entry, field).toBeDefined();
    expect(String(entry.n), field).toBe(shown.n);
    expect(String(entry.errors), field).toBe(shown.errors);
    expect(entry.verdict, field).toBe(shown.verdict);
    const md = spotMd.get(field)!;
    expect(md[1], field).toBe(shown.n);
    // columns: field, n, errors, no LLM value, error rate, interval, verdict
    expect(md[2], field).toBe(shown.errors);
    expect(md[3], field).toBe(String(entry.noLlmValue));
    expect(md[5], field).toBe(shown.interval);
    if (entry.n > 0) expect(md[4], field).toBe(shown.rate);
  }
});
