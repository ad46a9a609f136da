/**
 * Runs inside Chromium: parses a generated SID file with the shared importer and stores it
 * with the renderer's own import repository into a fresh IndexedDB, timing each stage.
 */
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { parseSourceFile } from '../../../shared/import';
import { MaieuticDb } from '../../../renderer/src/db/db';
import { importParsedFiles } from '../../../renderer/src/db/repositories/import';
import { generateSidJsonl } from '../generate';

export interface IdbBenchResult {
  dialogues: number;
  turns: number;
  parseMs: number;
  storeMs: number;
  /** reading every turn of the data set back, as the export does */
  readAllTurnsMs: number;
}

async function runIdbBench(dialogues: number): Promise<IdbBenchResult> {
  const text = generateSidJsonl({ dialogues, seed: 11 });
  const parseStart = performance.now();
  const parsed = parseSourceFile({ name: 'bench/GPT-4o-interdis_topic_1.jsonl', text }, { codebook: DEFAULT_CODEBOOK });
  const parseMs = performance.now() - parseStart;

  const db = new MaieuticDb(`maieutic-bench-${dialogues}-${Date.now()}`);
  await db.open();
  const storeStart = performance.now();
  const result = await importParsedFiles(db, { kind: 'new', name: 'bench', codebookId: DEFAULT_CODEBOOK.id }, [parsed]);
  const storeMs = performance.now() - storeStart;

  const readStart = performance.now();
  const turnCount = (await db.turns.toArray()).length;
  const readAllTurnsMs = performance.now() - readStart;
  if (turnCount !== result.turns) throw new Error(`stored ${result.turns} turns but read back ${turnCount}`);
  await db.delete();
  return { dialogues, turns: result.turns, parseMs, storeMs, readAllTurnsMs };
}

(window as unknown as { runIdbBench: typeof runIdbBench }).runIdbBench = runIdbBench;
