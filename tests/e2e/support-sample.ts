/**
 * The bundled sample as the specs see it: read straight from resources/sample with node:fs,
 * so expected numbers never come from the app under test; plus the one-click open and the
 * keyboard route from the table into one sample dialogue.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { RESOURCES_DIR } from '../support/repo-paths';
import type { AppFixture } from './fixtures/app';
import { DatasetsPage } from './pages/datasets';
import { ReviewPage } from './pages/review';
import { StartPage } from './pages/start';

export const SAMPLE_DIR = join(RESOURCES_DIR, 'sample');
export const SAMPLE_README = join(SAMPLE_DIR, 'README.md');

export interface SidTurn {
  role: string;
  content: string;
}

/** One SID-native record (one JSONL line). */
export interface SidRecord {
  topic_id?: number | string;
  topic_text?: string;
  student_id?: number | string;
  student_type?: string;
  scenario?: string;
  repeat_id?: number | string;
  dialogue: SidTurn[];
  annotations: Record<string, string>[];
}

export interface SampleDialogue {
  /** the folder name, which is the teacher model by SID convention */
  teacherModel: string;
  /** relative to resources/sample, with `/` (`GPT-4o/GPT-4o-interdis_topic_7.jsonl`) */
  file: string;
  /** 1-based JSONL line */
  line: number;
  /** `${topic_id}-${student_id}-${repeat_id}`, the id the table shows */
  externalId: string;
  record: SidRecord;
}

export function readSampleDialogues(): SampleDialogue[] {
  const dialogues: SampleDialogue[] = [];
  const models = readdirSync(SAMPLE_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  for (const model of models) {
    for (const name of readdirSync(join(SAMPLE_DIR, model.name)).filter((file) => file.endsWith('.jsonl'))) {
      const file = `${model.name}/${name}`;
      const lines = readFileSync(join(SAMPLE_DIR, file), 'utf8').split('\n');
      lines.forEach((text, index) => {
        if (text.trim() === '') return;
        const record = JSON.parse(text) as SidRecord;
        dialogues.push({
          teacherModel: model.name,
          file,
          line: index + 1,
          externalId: `${record.topic_id}-${record.student_id}-${record.repeat_id}`,
          record,
        });
      });
    }
  }
  if (dialogues.length === 0) throw new Error(`No sample dialogues found under ${SAMPLE_DIR}`);
  return dialogues;
}

export function findSampleDialogue(file: string, line: number): SampleDialogue {
  const found = readSampleDialogues().find((dialogue) => dialogue.file === file && dialogue.line === line);
  if (!found) throw new Error(`The sample has no dialogue at ${file}:${line}`);
  return found;
}

/** One click on the empty start screen: the sample is imported and its table shown. */
export async function openSample(app: Pick<AppFixture, 'page'>): Promise<DatasetsPage> {
  await new StartPage(app.page).openSample();
  const datasets = new DatasetsPage(app.page);
  await datasets.waitForRows();
  return datasets;
}

/** Narrows the table to one dialogue (model filter + id search) and opens it with j, Enter. */
export async function openDialogueByKeyboard(datasets: DatasetsPage, teacherModel: string, externalId: string): Promise<ReviewPage> {
  await datasets.filterByModel(teacherModel);
  await datasets.search(externalId);
  await expect(datasets.table).toHaveAttribute('data-row-count', '1');
  await datasets.pressKey('j');
  await expect(datasets.selectedRow).toHaveCount(1);
  await datasets.pressKey('Enter');
  const review = new ReviewPage(datasets.page);
  await review.waitForReady();
  return review;
}
