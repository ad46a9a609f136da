/**
 * Agreement between the LLM pre-annotation and the expert layer, end to end: three teacher
 * turns of one sample dialogue reviewed with the keyboard (two intents accepted, one changed),
 * then the agreement view: n and accuracy of teacher_intent, the off-diagonal confusion cell
 * listing the changed turn, opening it in review, and the Markdown and CSV exports read back
 * from disk. Expected values come from the sample file and the codebook, not from the app.
 * Then a data set recording an edited codebook version: the worker (which has no codebook
 * registry) computes with that version, so its added label is a category of the matrix.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { expect, test } from './fixtures/app';
import { AgreementPage, textBoxes } from './pages/agreement';
import type { ReviewPage } from './pages/review';
import { codebookField, keyOfLabel, labelForSidValue } from './support-codebook';
import type { Locator } from '@playwright/test';
import { findSampleDialogue, openDialogueByKeyboard, openSample } from './support-sample';
// the modules themselves: shared/codebook's index loads the bundled JSON, which Playwright's loader cannot import
import { applyCodebookEdit } from '../../shared/codebook/edit-codebook';
import { codebookVersionHash } from '../../shared/codebook/version-hash';
import { parseConsistencyRules } from '../../shared/consistency/parse-rules';
import { RESOURCES_DIR } from '../support/repo-paths';
import { APP_DB_NAME } from './support-idb';
import { DEFAULT_CODEBOOK } from './support-llm';

const target = findSampleDialogue('GPT-4o/GPT-4o-interdis_topic_7.jsonl', 1);
const FIELD = 'teacher_intent';
const REVIEWER = 'Li Na 李娜';
const teacherTurns = target.record.dialogue.flatMap((turn, index) => (turn.role === '教师' ? [index] : [])).slice(0, 3);
const preCodes = teacherTurns.map((index) => labelForSidValue(FIELD, target.record.annotations[index][FIELD]).code);
const CHANGED = 2;
const correction = codebookField(FIELD).labels.find((label) => label.code !== preCodes[CHANGED])!;

async function moveToTurn(review: ReviewPage, index: number): Promise<void> {
  while ((await review.currentTurnIndex()) < index) await review.pressKey('j');
  await expect(review.currentTurn).toHaveAttribute('data-turn-index', String(index));
}

test('agreement of the LLM pre-annotation with reviewed values: table, confusion cell, open in review, Markdown and CSV', async ({ app }) => {
  expect(teacherTurns).toHaveLength(3);

  const datasets = await openSample(app);
  const agreement = new AgreementPage(app.page);

  // Nothing reviewed yet: the view says what to do.
  await agreement.open();
  await expect(agreement.root).toHaveAttribute('data-state', 'empty');
  await expect(agreement.empty).toContainText(/Review some turns first|请先审阅一些轮次/);
  await app.page.getByTestId('nav-dataset').click();
  await datasets.waitForRows();

  const review = await openDialogueByKeyboard(datasets, target.teacherModel, target.externalId);
  const dialogueId = (await review.dialogueId()) ?? '';
  for (const [position, turnIndex] of teacherTurns.entries()) {
    await moveToTurn(review, turnIndex);
    await review.goToField(FIELD);
    if (position === CHANGED) {
      await review.pressKey(String(keyOfLabel(FIELD, correction.code)));
      await review.expectDecision(FIELD, 'changed');
      await review.expectExpertValue(FIELD, [correction.code]);
    } else {
      await review.pressKey('a');
      if (position === 0) await review.enterReviewerName(REVIEWER);
      await review.expectDecision(FIELD, 'accepted');
      await review.expectExpertValue(FIELD, [preCodes[position]]);
    }
  }
  await review.waitForSaved();

  // 3 reviewed, 2 accepted: accuracy 2/3; no student turn was reviewed, nothing missing.
  await agreement.open();
  await expect(agreement.root).toHaveAttribute('data-state', 'ready');
  // computed off the UI thread (the CSP allows the module worker)
  await expect(agreement.root).toHaveAttribute('data-computed-in', 'worker');
  const intent = agreement.row(FIELD);
  await expect(intent).toHaveAttribute('data-items', '3');
  await expect(intent).toHaveAttribute('data-agreeing', '2');
  await expect(intent).toHaveAttribute('data-missing', '0');
  await expect(intent).toHaveAttribute('data-excluded', '0');
  await expect(intent.getByTestId('agreement-n')).toHaveText('3');
  await expect(intent.getByTestId('agreement-accuracy')).toHaveText('66.7%');
  // Fields nobody reviewed have no n and no made-up numbers.
  await expect(agreement.row('cognitive_level')).toHaveAttribute('data-items', '0');
  await expect(agreement.row('cognitive_level').getByTestId('agreement-accuracy')).toHaveText('—');
  // The same numbers for the teacher model's own column.
  await agreement.chooseGroup(target.teacherModel);
  await expect(agreement.table).toHaveAttribute('data-group', target.teacherModel);
  await expect(intent).toHaveAttribute('data-items', '3');
  await agreement.chooseGroup('all');

  // The confusion matrix: the diagonal holds the accepted values, one cell the change.
  await agreement.pickField(FIELD);
  const expectedDiagonal = new Map<string, number>();
  for (const code of preCodes.slice(0, CHANGED)) expectedDiagonal.set(code, (expectedDiagonal.get(code) ?? 0) + 1);
  for (const [code, count] of expectedDiagonal) await expect(agreement.cell(code, code)).toHaveAttribute('data-count', String(count));
  const offDiagonal = agreement.cell(preCodes[CHANGED], correction.code);
  await expect(offDiagonal).toHaveAttribute('data-count', '1');
  await expect(offDiagonal).toHaveText('1');
  await offDiagonal.click();
  await expect(offDiagonal).toHaveAttribute('aria-pressed', 'true');
  await expect(agreement.cellTurns).toHaveCount(1);
  const listed = agreement.cellTurns.first();
  await expect(listed).toHaveAttribute('data-dialogue-id', dialogueId);
  await expect(listed).toHaveAttribute('data-turn-index', String(teacherTurns[CHANGED]));
  await expect(listed).toContainText(target.externalId);
  await expect(listed).toContainText(Array.from(target.record.dialogue[teacherTurns[CHANGED]].content).slice(0, 10).join(''));

  // Opening it lands in review on that turn and field.
  await listed.click();
  await review.waitForReady(dialogueId);
  await expect(review.currentTurn).toHaveAttribute('data-turn-index', String(teacherTurns[CHANGED]));
  await expect(review.currentFieldRow).toHaveAttribute('data-field-id', FIELD);
  await review.expectDecision(FIELD, 'changed');

  // Markdown: one table per group, the intent row with n 3 and 66.7%.
  await agreement.open();
  const markdownPath = join(app.tempDir, 'agreement.md');
  app.dialogs.nextSavePath(markdownPath);
  expect(await agreement.saveMarkdown()).toBe(markdownPath);
  const markdown = readFileSync(markdownPath, 'utf8');
  const fieldNames = codebookField(FIELD).name;
  const intentLine = markdown.split('\n').find((line) => line.startsWith(`| ${fieldNames.zh} |`) || line.startsWith(`| ${fieldNames.en} |`));
  expect(intentLine, markdown).toBeDefined();
  expect(intentLine).toMatch(/^\| [^|]+ \| 3 \| 0 \| 0 \| 66\.7% \| /);
  expect(markdown).toContain(`### ${target.teacherModel}`);
  // the columns in the field's words, as on screen
  expect(markdown).toMatch(/\| (Not applicable|不适用) \| (Percent agreement|百分比一致率) \|/);

  // CSV: full precision for further analysis.
  const csvPath = join(app.tempDir, 'agreement.csv');
  app.dialogs.nextSavePath(csvPath);
  expect(await agreement.saveCsv()).toBe(csvPath);
  const parsed = Papa.parse<Record<string, string>>(readFileSync(csvPath, 'utf8'), { header: true, skipEmptyLines: true });
  const csvRow = parsed.data.find((record) => record.group === 'all' && record.field === FIELD && record.code === '');
  expect(csvRow).toMatchObject({ items: '3', agreeing: '2', missing: '0', excluded: '0' });
  expect(Number(csvRow?.accuracy)).toBeCloseTo(2 / 3, 12);
});

const SET_FIELD = 'teaching_strategy';
const READ_TURNS = target.record.dialogue.flatMap((turn, index) => (turn.role === '教师' ? [index] : [])).slice(0, 6);
/** positions in READ_TURNS whose intent the expert changes; the others are accepted */
const READ_CHANGED = new Set([1, 4]);
/** a second dialogue of the same file, reviewed the same way: 12 turns in all, past the 10 a κ needs */
const second = findSampleDialogue('GPT-4o/GPT-4o-interdis_topic_7.jsonl', 2);
const SECOND_TURNS = second.record.dialogue.flatMap((turn, index) => (turn.role === '教师' ? [index] : [])).slice(0, 6);
const READ_COUNT = READ_TURNS.length + SECOND_TURNS.length;

/** The κ number of a table cell written "0.636 (unweighted)". */
async function kappaNumber(cell: Locator): Promise<string> {
  return ((await cell.textContent()) ?? '').replace(/\s*[(（].*$/, '');
}

/** Every pair of neighbouring header texts has a gap, and no header is cut off. */
async function expectHeadersApart(table: Locator, minimumGap: number): Promise<void> {
  const headers = await textBoxes(table, 'thead th');
  expect(headers.length).toBeGreaterThan(1);
  for (const header of headers) {
    expect(header.clipped, `header "${header.text}" is cut off`).toBe(false);
    expect(header.inset, `header "${header.text}" touches its cell's edge`).toBeGreaterThanOrEqual(4);
  }
  for (let index = 1; index < headers.length; index++) {
    const gap = headers[index].left - headers[index - 1].right;
    expect(gap, `"${headers[index - 1].text}" | "${headers[index].text}"`).toBeGreaterThanOrEqual(minimumGap);
  }
}

test('the agreement view explains itself in both languages: field words, legend, "What is this?", a sentence per field matching the table, collapsed codes, κ chart with error bars', async ({ app }, testInfo) => {
  const { page } = app;
  await page.setViewportSize({ width: 1440, height: 900 });
  const datasets = await openSample(app);
  const agreement = new AgreementPage(page);

  // Nothing reviewed and no layer attached: the empty state points to attaching a second annotator.
  await agreement.open();
  await expect(agreement.root).toHaveAttribute('data-state', 'empty');
  await expect(agreement.empty).toContainText('Attach as an annotation layer');
  await expect(agreement.attachLayerButton).toBeVisible();
  await expect(agreement.compareLayerButtons).toHaveCount(0);
  await agreement.shoot(testInfo, 'agreement-empty-en');
  await page.getByTestId('nav-language').click();
  await expect(agreement.empty).toContainText('作为标注层附加');
  await expect(agreement.attachLayerButton).toHaveText('附加第二位标注者的文件…');
  await agreement.shoot(testInfo, 'agreement-empty-zh');
  await page.getByTestId('nav-language').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  /** The dialogue's teacher turns: the intents of READ_CHANGED positions changed, the others accepted; every other field accepted. */
  const reviewTurns = async (dialogue: typeof target, turnIndices: readonly number[], first: boolean) => {
    await page.getByTestId('nav-dataset').click();
    await datasets.waitForRows();
    const review = await openDialogueByKeyboard(datasets, dialogue.teacherModel, dialogue.externalId);
    for (const [position, turnIndex] of turnIndices.entries()) {
      await moveToTurn(review, turnIndex);
      await review.goToField(FIELD);
      const pre = labelForSidValue(FIELD, dialogue.record.annotations[turnIndex][FIELD]).code;
      if (READ_CHANGED.has(position)) {
        const other = codebookField(FIELD).labels.find((label) => label.code !== pre)!;
        await review.pressKey(String(keyOfLabel(FIELD, other.code)));
        await review.expectDecision(FIELD, 'changed');
      } else {
        await review.pressKey('a');
        if (first && position === 0) await review.enterReviewerName(REVIEWER);
        await review.expectDecision(FIELD, 'accepted');
      }
      // the turn's other fields as the LLM gave them, so the set fields have rows to read
      await review.pressKey('Shift+A');
      await review.expectDecision(SET_FIELD, 'accepted');
    }
    await review.waitForSaved();
  };
  await reviewTurns(target, READ_TURNS, true);

  // Six reviewed turns: fewer than the 10 items a κ needs, so no κ, no band, no bar; percent agreement reads.
  await agreement.open();
  await expect(agreement.root).toHaveAttribute('data-state', 'ready');
  const intent = agreement.row(FIELD);
  await expect(intent).toHaveAttribute('data-items', String(READ_TURNS.length));
  await expect(intent.getByTestId('agreement-kappa')).toHaveText(`too few items (n = ${READ_TURNS.length}, at least 10 needed)`);
  await expect(intent.getByTestId('agreement-kappa')).toHaveAttribute('data-too-few', 'true');
  await expect(intent.getByTestId('agreement-ci')).toHaveText('—');
  await expect(intent.getByTestId('agreement-band')).toHaveText('—');
  // a label-set field's own row has no single κ at any n: a dash, as before
  await expect(agreement.row(SET_FIELD).getByTestId('agreement-kappa')).toHaveText('—');
  await expect(intent.getByTestId('agreement-accuracy')).toHaveText(`${(((READ_TURNS.length - READ_CHANGED.size) / READ_TURNS.length) * 100).toFixed(1)}%`);
  await expect(agreement.sentence(FIELD)).toContainText(`of ${READ_TURNS.length} teacher turns; too few for a κ (at least 10 needed).`);
  await expect(agreement.chart).toHaveAttribute('data-bars', '[]');
  await expect(page.getByTestId('agreement-chart-too-few')).toContainText('Not drawn (too few items, at least 10 needed):');
  // the picker counts the turns n can count: the reviewed ones, with the expert compared
  await expect(agreement.groupSelect.locator('option').first()).toHaveText(`All (${READ_TURNS.length} reviewed turns)`);
  await agreement.shoot(testInfo, 'agreement-too-few-en', agreement.root);
  await page.getByTestId('nav-language').click();
  await expect(intent.getByTestId('agreement-kappa')).toHaveText(`项数太少（n = ${READ_TURNS.length}，至少需要 10）`);
  await expect(agreement.groupSelect.locator('option').first()).toHaveText(`全部 (已审阅 ${READ_TURNS.length} 轮)`);
  await agreement.shoot(testInfo, 'agreement-too-few-zh', agreement.root);
  await page.getByTestId('nav-language').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await reviewTurns(second, SECOND_TURNS, false);
  await agreement.open();
  await expect(agreement.root).toHaveAttribute('data-state', 'ready');
  const agreeing = READ_COUNT - 2 * READ_CHANGED.size;
  await expect(intent).toHaveAttribute('data-items', String(READ_COUNT));
  await expect(intent).toHaveAttribute('data-agreeing', String(agreeing));
  const percent = `${((agreeing / READ_COUNT) * 100).toFixed(1)}%`;
  await expect(intent.getByTestId('agreement-accuracy')).toHaveText(percent);
  await expect(agreement.groupSelect.locator('option').first()).toHaveText(`All (${READ_COUNT} reviewed turns)`);

  // The expert is compared: the sentence about the expert layer is there.
  await expect(agreement.introExpert).toBeVisible();

  // The field's words, not "Accuracy" and "Excluded".
  const headerTexts = await agreement.table.locator('thead th').allTextContents();
  expect(headerTexts).toEqual(expect.arrayContaining(['Percent agreement', 'Not applicable', '95% CI']));
  await expect(agreement.root).not.toContainText('Accuracy');
  await expect(agreement.root).not.toContainText('Excluded');
  await expectHeadersApart(agreement.table, 16);

  // The legend names every column as its header does and is visible without hovering.
  await expect(agreement.legendItems).toHaveCount(7);
  for (const item of await agreement.legendItems.all()) {
    await expect(item).toBeVisible();
    expect(headerTexts).toContain(((await item.locator('dt').textContent()) ?? '').trim());
  }
  // "What is this?" is folded until asked, then explains n, missing, not applicable, κ and its weights, the CI and the bands.
  const explanations = agreement.explainer.getByTestId('agreement-explanation');
  await expect(explanations.first()).toBeHidden();
  await agreement.explainer.locator('summary').click();
  await expect(explanations).toHaveCount(9);
  // the minimum of items and the interval of no width, stated
  await expect(agreement.explainer).toContainText('Below 10 items no κ is given');
  await expect(agreement.explainer).toContainText('“not defined”');
  await expect(agreement.explainer).toContainText('Wald');
  await expect(agreement.explainer).toContainText('[−1, 1]');
  await expect(agreement.explainer).toContainText('linear weights');
  await expect(agreement.explainer).toContainText('quadratic weights');
  await expect(agreement.explainer).toContainText('Not applicable');
  await expect(agreement.explainer.getByTestId('agreement-band-table').locator('tbody tr')).toHaveCount(6);
  await expect(agreement.explainer.getByTestId('agreement-band-table')).toContainText((await intent.getByTestId('agreement-band').textContent()) ?? 'missing band');

  // The sentence reads the same numbers as the row of the table.
  const readSentence = async (lang: 'en' | 'zh') => {
    const n = (await intent.getByTestId('agreement-n').textContent()) ?? '';
    const shownPercent = (await intent.getByTestId('agreement-accuracy').textContent()) ?? '';
    const kappa = await kappaNumber(intent.getByTestId('agreement-kappa'));
    const band = (await intent.getByTestId('agreement-band').textContent()) ?? '';
    const kappaValue = Number(await intent.getAttribute('data-kappa'));
    expect(kappa.replace('−', '-')).toBe(kappaValue.toFixed(3));
    const name = codebookField(FIELD).name[lang];
    return lang === 'en'
      ? `${name}: LLM pre-annotation and Expert (verified) agree on ${shownPercent} of ${n} teacher turns; κ ${kappa}, ${band} agreement.`
      : `${name}：LLM 预标注与专家（已核验）在 ${n} 个教师轮次中的 ${shownPercent} 上一致；κ ${kappa}，${band}。`;
  };
  await expect(agreement.sentence(FIELD)).toHaveText(await readSentence('en'));
  await expect(agreement.sentence(FIELD)).toContainText(`${percent} of ${READ_COUNT} teacher turns`);
  // one sentence per field, none per code
  await expect(agreement.sentences).toHaveCount(await agreement.table.locator('[data-testid="agreement-row"]:not(.agreement-code-row)').count());

  // A label-set field's codes are folded under it until expanded.
  const codes = codebookField(SET_FIELD).labels.length;
  await expect(agreement.codeRows(SET_FIELD)).toHaveCount(0);
  await expect(agreement.expandCodes(SET_FIELD)).toHaveAttribute('aria-expanded', 'false');
  await agreement.expandCodes(SET_FIELD).click();
  await expect(agreement.codeRows(SET_FIELD)).toHaveCount(codes);
  await expect(agreement.codeRows('discipline')).toHaveCount(0);
  await agreement.expandCodes(SET_FIELD).click();
  await expect(agreement.codeRows(SET_FIELD)).toHaveCount(0);

  // The chart: one bar per field with a κ, the table's κ, and its CI drawn as error bars (ink at each cap).
  const bars = JSON.parse((await agreement.chart.getAttribute('data-bars')) ?? '[]') as { key: string; kappa: number; interval: [number, number] | null }[];
  expect(bars.map((bar) => bar.key)).toContain(FIELD);
  for (const bar of bars) await expect(agreement.row(bar.key)).toHaveAttribute('data-kappa', String(bar.kappa));
  await expect(agreement.chartCanvas).toHaveAttribute('data-error-bars', /\{/);
  const segments = JSON.parse((await agreement.chartCanvas.getAttribute('data-error-bars')) ?? '[]') as { x: number; top: number; bottom: number }[];
  expect(segments).toHaveLength(bars.filter((bar) => bar.interval !== null).length);
  const inked = await agreement.chartCanvas.evaluate((canvas: HTMLCanvasElement, drawn) => {
    const context = canvas.getContext('2d')!;
    const scale = canvas.width / canvas.clientWidth;
    const darkNear = (x: number, y: number) => {
      const pixels = context.getImageData(Math.round(x * scale) - 2, Math.round(y * scale) - 2, 5, 5).data;
      for (let at = 0; at < pixels.length; at += 4) if (pixels[at + 3] > 200 && pixels[at] + pixels[at + 1] + pixels[at + 2] < 250) return true;
      return false;
    };
    return drawn.map((segment) => darkNear(segment.x, segment.top) && darkNear(segment.x, segment.bottom));
  }, segments);
  expect(inked.every(Boolean), JSON.stringify(segments)).toBe(true);

  // A teacher model nobody reviewed: said in words above its table of dashes.
  await expect(page.getByTestId('agreement-group-empty')).toHaveCount(0);
  const otherModel = (await agreement.groupSelect.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))).find((value) => value !== 'all' && value !== target.teacherModel);
  expect(otherModel).toBeDefined();
  await agreement.chooseGroup(otherModel!);
  await expect(page.getByTestId('agreement-group-empty')).toContainText(`No turn of “${otherModel}” has values from both LLM pre-annotation and Expert (verified) yet`);
  await agreement.chooseGroup('all');
  await expect(page.getByTestId('agreement-group-empty')).toHaveCount(0);
  await expect(page.getByText('or choose “All”')).toHaveCount(0);

  await agreement.shoot(testInfo, 'agreement-table-en', agreement.root);
  await agreement.shoot(testInfo, 'agreement-explainer-en', agreement.explainer);
  await agreement.shoot(testInfo, 'agreement-reading-en', page.locator('#agreement-sentences-title'));

  // The same in Chinese.
  await page.getByTestId('nav-language').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  const zhHeaders = await agreement.table.locator('thead th').allTextContents();
  expect(zhHeaders).toEqual(expect.arrayContaining(['百分比一致率', '不适用', '95% 置信区间']));
  await expect(agreement.root).not.toContainText('准确率');
  await expectHeadersApart(agreement.table, 16);
  await expect(agreement.sentence(FIELD)).toHaveText(await readSentence('zh'));
  await expect(agreement.explainer).toContainText('Wald');
  await expect(agreement.explainer.getByTestId('agreement-explanation').first()).toContainText('n 是');
  await agreement.shoot(testInfo, 'agreement-table-zh', agreement.root);
  await agreement.shoot(testInfo, 'agreement-explainer-zh', agreement.explainer);
  await agreement.shoot(testInfo, 'agreement-reading-zh', page.locator('#agreement-sentences-title'));
  await page.getByTestId('nav-language').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test("the agreement worker computes with the data set's recorded codebook version: an added label is one of the matrix's categories", async ({ app }) => {
  const datasets = await openSample(app);
  const review = await openDialogueByKeyboard(datasets, target.teacherModel, target.externalId);
  await moveToTurn(review, teacherTurns[0]);
  await review.goToField(FIELD);
  await review.pressKey('a');
  await review.enterReviewerName(REVIEWER);
  await review.expectDecision(FIELD, 'accepted');
  await review.waitForSaved();

  // An edited version of the codebook (one teacher-intent label added), stored as the codebook
  // versions store keeps it and recorded by the sample data set; the app registers it at start.
  const added = { code: 'invite_peer_review', name: { zh: '邀请同伴评议', en: 'Invite peer review' }, aliases: [], definition: { zh: '请同伴评价', en: 'Asks a peer to assess' }, example: { zh: '', en: '' } };
  const edited = applyCodebookEdit(DEFAULT_CODEBOOK, { kind: 'add-label', fieldId: FIELD, label: added });
  const hash = codebookVersionHash(edited);
  const version = { id: `${edited.id}@${hash}`, codebookId: edited.id, hash, codebook: edited, rules: parseConsistencyRules(JSON.parse(readFileSync(join(RESOURCES_DIR, 'codebooks', 'sid-default.rules.json'), 'utf8')), edited, 'sid-default.rules.json'), createdAt: new Date().toISOString() };
  await app.page.evaluate(
    ({ name, row }) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction(['codebookVersions', 'datasets'], 'readwrite');
          tx.objectStore('codebookVersions').put(row);
          const cursor = tx.objectStore('datasets').openCursor();
          cursor.onsuccess = () => {
            if (!cursor.result) return;
            cursor.result.update({ ...cursor.result.value, codebookHash: row.hash });
            cursor.result.continue();
          };
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { name: APP_DB_NAME, row: version },
  );
  await app.page.reload();
  await app.waitForReady();
  await app.page.getByTestId('start-dataset-open').first().click();
  await datasets.waitForRows();

  const agreement = new AgreementPage(app.page);
  await agreement.open();
  await expect(agreement.root).toHaveAttribute('data-state', 'ready');
  await expect(agreement.root).toHaveAttribute('data-computed-in', 'worker');
  await expect(agreement.matrix).toHaveAttribute('data-key', FIELD);
  // the matrix has a row and a column for the added label (the worker had its categories), named by it
  await expect(agreement.cell(added.code, preCodes[0])).toHaveCount(1);
  await expect(agreement.cell(preCodes[0], added.code)).toHaveCount(1);
  await expect(agreement.matrix).toContainText(added.name.en);
});
