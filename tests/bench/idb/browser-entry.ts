/**
 * Runs inside Chromium: parses a generated SID file with the shared importer, stores it with the
 * renderer's own import repository into a fresh IndexedDB and reads every turn back with the
 * renderer's own reader (the one the export, agreement and metrics views use), timing each stage.
 * `layout: 'v4-rows'` does the same with the v4 one-row-per-turn code kept in
 * tests/support/reference, the comparison the figures are printed beside.
 */
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { parseSourceFile } from '../../../shared/import';
import { MaieuticDb } from '../../../renderer/src/db/db';
import { sourceIdsOf, turnsBySource } from '../../../renderer/src/db/repositories/by-source';
import { importParsedFiles } from '../../../renderer/src/db/repositories/import';
import { importTurnRowsV4, TurnRowsV4Db, turnsBySourceV4 } from '../../support/reference/turn-rows-v4';
import { generateSidJsonl } from '../generate';

export type IdbBenchLayout = 'packed' | 'v4-rows';

export interface IdbBenchResult {
  layout: IdbBenchLayout;
  dialogues: number;
  turns: number;
  parseMs: number;
  storeMs: number;
  /** reading every turn of the data set back, as the export does */
  readAllTurnsMs: number;
}

const TARGET = { kind: 'new', name: 'bench', codebookId: DEFAULT_CODEBOOK.id } as const;

async function runIdbBench(dialogues: number, layout: IdbBenchLayout): Promise<IdbBenchResult> {
  const text = generateSidJsonl({ dialogues, seed: 11 });
  const parseStart = performance.now();
  const parsed = parseSourceFile({ name: 'bench/GPT-4o-interdis_topic_1.jsonl', text }, { codebook: DEFAULT_CODEBOOK });
  const parseMs = performance.now() - parseStart;

  const name = `maieutic-bench-${layout}-${dialogues}-${Date.now()}`;
  const db = layout === 'packed' ? new MaieuticDb(name) : new TurnRowsV4Db(name);
  await db.open();
  const storeStart = performance.now();
  const result = db instanceof MaieuticDb ? await importParsedFiles(db, TARGET, [parsed]) : await importTurnRowsV4(db, TARGET, [parsed]);
  const storeMs = performance.now() - storeStart;

  const readStart = performance.now();
  const turnsOf =
    db instanceof MaieuticDb
      ? await db.transaction('r', [db.sources, db.turnBlocks], async () => turnsBySource(db, await sourceIdsOf(db, result.datasetId)))
      : await turnsBySourceV4(db, result.sourceIds);
  const readAllTurnsMs = performance.now() - readStart;
  let turnCount = 0;
  for (const turns of turnsOf.values()) turnCount += turns.length;
  if (turnCount !== result.turns) throw new Error(`stored ${result.turns} turns but read back ${turnCount}`);
  await db.delete();
  return { layout, dialogues, turns: result.turns, parseMs, storeMs, readAllTurnsMs };
}

(window as unknown as { runIdbBench: typeof runIdbBench }).runIdbBench = runIdbBench;
