/**
 * The bundled sample, opened in one click from the empty start screen. Every expected number
 * is counted here from resources/sample (files and README), never copied from the app.
 */
import { readFileSync } from 'node:fs';
import { en } from '../../renderer/src/i18n/en';
import { zh } from '../../renderer/src/i18n/zh';
import { expect, test, type AppFixture } from './fixtures/app';
import { StartPage } from './pages/start';
import { openSample, readSampleDialogues, SAMPLE_README, type SampleDialogue } from './support-sample';

const sample = readSampleDialogues();
const sampleTurns = sample.reduce((sum, dialogue) => sum + dialogue.record.dialogue.length, 0);
const sampleModels = [...new Set(sample.map((dialogue) => dialogue.teacherModel))].sort();

/** A value the README says the reviewer must look at, with where it is. */
interface FlagNote {
  file: string;
  line: number;
  note: string;
}

/**
 * The README's irregularities that leave a value to check: annotations matching no turn,
 * fragments that disagree, values outside the codebook. Separator and whitespace quirks are
 * known values and are not flags.
 */
function readmeFlagNotes(): FlagNote[] {
  const sections = readFileSync(SAMPLE_README, 'utf8').split(/^### /m).slice(1);
  const notes: FlagNote[] = [];
  const bullets = (section: string) => section.split('\n').filter((line) => line.startsWith('- `'));
  const located = (bullet: string) => {
    const match = /^- `([^`]+)` line (\d+): (.*)$/.exec(bullet);
    if (!match) throw new Error(`Unexpected README bullet: ${bullet}`);
    return { file: match[1], line: Number(match[2]), note: match[3] };
  };
  const sectionTitled = (prefix: string) => {
    const found = sections.find((section) => section.startsWith(prefix));
    if (!found) throw new Error(`The sample README has no section "${prefix}…"`);
    return found;
  };
  for (const bullet of bullets(sectionTitled('Annotations that match no turn'))) {
    const where = located(bullet);
    if (where.note.includes('matches no turn')) notes.push(where);
  }
  for (const bullet of bullets(sectionTitled('A long final teacher summary'))) {
    const where = located(bullet);
    if (where.note.includes('fragments disagree')) notes.push(where);
  }
  for (const bullet of bullets(sectionTitled('Values outside the codebook'))) notes.push(located(bullet));
  return notes;
}

function dialogueAt(file: string, line: number): SampleDialogue {
  const found = sample.find((dialogue) => dialogue.file === file && dialogue.line === line);
  if (!found) throw new Error(`The README names ${file}:${line}, which is not in the sample`);
  return found;
}

test('the empty start screen opens the bundled sample in one click and shows its dialogues, turns and models', async ({ app }) => {
  const start = new StartPage(app.page);
  await expect(start.root).toBeVisible();
  await expect(app.page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(start.noDatasets).toHaveText(en['start.noDatasets']);
  await expect(start.datasetItems).toHaveCount(0);
  await expect(app.page.getByTestId('dataset-view')).toHaveCount(0);

  const datasets = await openSample(app);

  await expect(datasets.table).toHaveAttribute('data-row-count', String(sample.length));
  await expect(datasets.summaryValue('dialogues')).toHaveText(String(sample.length));
  await expect(datasets.summaryValue('turns')).toHaveText(String(sampleTurns));
  await expect(datasets.summaryValue('verified-turns')).toHaveText(`0 / ${sampleTurns}`);
  await expect(datasets.summaryValue('verified-dialogues')).toHaveText(`0 / ${sample.length}`);

  const modelChips = datasets.summaryValue('teacher-models').locator('[data-teacher-model]');
  await expect(modelChips).toHaveCount(sampleModels.length);
  const chipModels = (await modelChips.evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-teacher-model') ?? ''))).sort();
  expect(chipModels).toEqual(sampleModels);
  for (const model of sampleModels) {
    const expected = sample.filter((dialogue) => dialogue.teacherModel === model).length;
    await expect(datasets.summaryValue('teacher-models').locator(`[data-teacher-model="${model}"] .chip-count`)).toHaveText(String(expected));
  }

  // Back on the start screen the sample is listed once, and opening it again does not import it twice.
  await start.goHome();
  await expect(start.datasetItems).toHaveCount(1);
  await expect(start.noDatasets).toHaveCount(0);
  await start.openSample();
  await start.goHome();
  await expect(start.datasetItems).toHaveCount(1);
});

test('sorting by turns orders the rows by turn count and a second click reverses it', async ({ app }) => {
  const datasets = await openSample(app);
  // One model's 12 dialogues fit on screen, so every row is rendered and the whole order can be checked.
  const model = sampleModels[0];
  const expectedCounts = sample.filter((dialogue) => dialogue.teacherModel === model).map((dialogue) => dialogue.record.dialogue.length);
  await datasets.filterByModel(model);
  await expect(datasets.table).toHaveAttribute('data-row-count', String(expectedCounts.length));
  await expect(datasets.rows).toHaveCount(expectedCounts.length);

  const sortButton = datasets.sortButton('turnCount');
  await expect(sortButton).toHaveAttribute('data-sorted', 'none');
  for (let click = 0; click < 2; click += 1) {
    const before = await sortButton.getAttribute('data-sorted');
    await datasets.sortBy('turnCount');
    await expect(sortButton).not.toHaveAttribute('data-sorted', before ?? 'none');
    const direction = await sortButton.getAttribute('data-sorted');
    expect(direction === 'asc' || direction === 'desc', `data-sorted is ${direction}`).toBe(true);
    const wanted = [...expectedCounts].sort((a, b) => (direction === 'asc' ? a - b : b - a)).map(String);
    await expect.poll(() => datasets.columnTexts('turnCount')).toEqual(wanted);
  }
});

test('the teacher-model filter keeps exactly that model’s dialogues, and clearing it brings all back', async ({ app }) => {
  const datasets = await openSample(app);
  const options = await datasets.filterModel.locator('option').evaluateAll((elements) => elements.map((element) => (element as HTMLOptionElement).value));
  expect(options.filter((value) => value !== '').sort()).toEqual(sampleModels);

  for (const model of sampleModels) {
    const expected = sample.filter((dialogue) => dialogue.teacherModel === model);
    await datasets.filterByModel(model);
    await expect(datasets.table).toHaveAttribute('data-row-count', String(expected.length));
    await expect(datasets.rows).toHaveCount(expected.length);
    expect(new Set(await datasets.columnTexts('teacherModel'))).toEqual(new Set([model]));
    expect((await datasets.columnTexts('externalId')).sort()).toEqual(expected.map((dialogue) => dialogue.externalId).sort());
  }

  await datasets.filterByModel('');
  await expect(datasets.table).toHaveAttribute('data-row-count', String(sample.length));
});

test('every dialogue the sample README names as holding a value to check shows a flag count', async ({ app }) => {
  const notes = readmeFlagNotes();
  expect(notes.length, 'the README lists values to check').toBeGreaterThan(0);
  const flaggedDialogues = new Map<string, { dialogue: SampleDialogue; notes: string[] }>();
  for (const note of notes) {
    const dialogue = dialogueAt(note.file, note.line);
    const key = `${note.file}:${note.line}`;
    const entry = flaggedDialogues.get(key) ?? { dialogue, notes: [] };
    entry.notes.push(note.note);
    flaggedDialogues.set(key, entry);
  }

  const datasets = await openSample(app);
  for (const [where, { dialogue, notes: why }] of flaggedDialogues) {
    await datasets.filterByModel(dialogue.teacherModel);
    await datasets.search(dialogue.externalId);
    await expect(datasets.table).toHaveAttribute('data-row-count', '1');
    const [flagCell] = await datasets.columnTexts('flaggedCount');
    expect.soft(Number(flagCell), `${where} (${dialogue.teacherModel} ${dialogue.externalId}): ${why.join('; ')}`).toBeGreaterThanOrEqual(why.length);
  }

  await datasets.clearFilters.click();
  await expect(datasets.table).toHaveAttribute('data-row-count', String(sample.length));
  // One flag per README note, and no dialogue the README does not name is flagged.
  await expect.soft(datasets.summaryValue('flagged')).toHaveText(String(notes.length));
  await datasets.filterFlags.check();
  await expect(datasets.table).toHaveAttribute('data-row-count', String(flaggedDialogues.size));
});

const byNumbersInText = new Intl.Collator('en', { numeric: true }).compare;

async function setLanguage(app: AppFixture, language: 'zh' | 'en'): Promise<void> {
  const html = app.page.locator('html');
  if (((await html.getAttribute('lang')) === 'zh-CN') !== (language === 'zh')) await app.page.getByTestId('nav-language').click();
  await expect(html).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en');
}

test('the data-set table lists ids in natural order (7 before 12), shows each topic title whole with the full topic as tooltip, and explains values to check, in both languages', async ({ app }) => {
  await app.page.setViewportSize({ width: 1440, height: 900 });
  const datasets = await openSample(app);
  const model = sampleModels[0];
  await datasets.filterByModel(model);
  const ofModel = sample.filter((dialogue) => dialogue.teacherModel === model);
  await expect(datasets.rows).toHaveCount(ofModel.length);

  // Unsorted, the rows come in file order, the files read as a person numbers them (topic 7 before topic 12).
  const inFileOrder = [...ofModel].sort((a, b) => byNumbersInText(a.file, b.file) || a.line - b.line).map((dialogue) => dialogue.externalId);
  const shown = await datasets.columnTexts('externalId');
  expect(shown).toEqual(inFileOrder);
  const firstOf = (ids: string[], topic: string) => ids.findIndex((id) => id.startsWith(`${topic}-`));
  expect(firstOf(shown, '7')).toBeGreaterThanOrEqual(0);
  expect(firstOf(shown, '7')).toBeLessThan(firstOf(shown, '12'));

  // Sorted by id, too.
  await datasets.sortBy('externalId');
  await expect(datasets.sortButton('externalId')).toHaveAttribute('data-sorted', 'asc');
  const sortedIds = await datasets.columnTexts('externalId');
  expect(sortedIds).toEqual([...ofModel.map((dialogue) => dialogue.externalId)].sort(byNumbersInText));
  expect(firstOf(sortedIds, '7')).toBeLessThan(firstOf(sortedIds, '12'));

  // Topics: the full text in the tooltip, the title (up to its first full stop) not cut off.
  const firstRow = datasets.rows.first();
  const firstDialogue = ofModel.find((dialogue) => dialogue.externalId === sortedIds[0]);
  if (!firstDialogue) throw new Error(`no sample dialogue ${sortedIds[0]}`);
  const topicText = firstDialogue.record.topic_text ?? '';
  const topicCell = firstRow.getByTestId('dataset-row-topic');
  await expect(topicCell).toHaveAttribute('title', `${firstDialogue.record.topic_id} · ${topicText}`);
  const title = topicCell.locator('.topic-title');
  await expect(title).toHaveText(topicText.slice(0, topicText.indexOf('。') + 1));
  const [titleBox, cellBox] = await Promise.all([title.boundingBox(), topicCell.boundingBox()]);
  expect(titleBox && cellBox && titleBox.x + titleBox.width <= cellBox.x + cellBox.width + 0.5, 'the topic title fits in its cell').toBe(true);

  // "Values to check": the header says what it counts, and a line under the summary says it in words.
  for (const [language, words] of [['en', en], ['zh', zh]] as const) {
    await setLanguage(app, language);
    await expect(app.page.getByTestId('dataset-flags-header')).toHaveAttribute('title', words['table.flagsTitle']);
    await expect(app.page.getByTestId('summary-flagged-explain')).toHaveText(words['summary.flaggedExplain']);
    await expect(app.page.getByTestId('summary-flagged-explain')).toBeVisible();
    await test.info().attach(`dataset-table-${language}`, { body: await app.page.screenshot(), contentType: 'image/png' });
  }
});

test('English punctuation is drawn in a Latin face and Han characters in a CJK face, in both languages and in code', async ({ app }) => {
  await expect(new StartPage(app.page).root).toBeVisible();
  for (const language of ['en', 'zh'] as const) {
    await setLanguage(app, language);
    // Rendered widths at 100 px: a CJK face draws ’ and “ a full em wide ("paper’ s"); a Latin face about a quarter.
    const widths = await app.page.evaluate(() => {
      const root = document.getElementById('root') ?? document.body;
      const measure = (host: Element, text: string) => {
        const probe = document.createElement('span');
        probe.textContent = text;
        probe.style.fontSize = '100px';
        probe.style.whiteSpace = 'pre';
        host.appendChild(probe);
        const width = probe.getBoundingClientRect().width;
        probe.remove();
        return width;
      };
      const code = document.createElement('code');
      root.appendChild(code);
      const result = {
        apostrophe: measure(root, '’'),
        quote: measure(root, '“'),
        han: measure(root, '中'),
        codeApostrophe: measure(code, '’'),
        codeHan: measure(code, '中'),
        firstFamily: getComputedStyle(root).fontFamily.split(',')[0].trim(),
      };
      code.remove();
      return result;
    });
    expect(widths.firstFamily, `${language}: the first family is not a CJK face`).not.toMatch(/CJK|PingFang|Hiragino|YaHei|Han Sans|WenQuanYi/i);
    expect(widths.han, `${language}: 中 is drawn full-width (a CJK face)`).toBeGreaterThan(90);
    expect(widths.apostrophe, `${language}: ’ is ${widths.apostrophe}px wide`).toBeLessThan(widths.han * 0.5);
    expect(widths.quote, `${language}: “ is ${widths.quote}px wide`).toBeLessThan(widths.han * 0.6);
    expect(widths.codeApostrophe, `${language}: ’ in code is ${widths.codeApostrophe}px wide`).toBeLessThan(widths.codeHan * 0.75);
  }
});
