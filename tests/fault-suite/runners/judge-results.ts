/**
 * Judge results files through the app's own path (the Judge view's "Import judge results…",
 * runner-child.ts loads it): main's file reading as the picker calls it (readPickedFiles: limits,
 * encodings, special files), then importJudgeResults into a data set holding the dialogue the
 * lines name, on a fake IndexedDB. A refusal must name a line and say what is wrong, with nothing
 * written: a data set that changed although the file was refused is a partial write.
 */
import 'fake-indexeddb/auto';
import { basename } from 'node:path';
import { readPickedFiles } from '../../../electron/main/services/import-files';
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { MaieuticDb } from '../../../renderer/src/db/db';
import { importParsedFiles } from '../../../renderer/src/db/repositories/import';
import { importJudgeResults, JudgeImportError } from '../../../renderer/src/db/repositories/judge';
import { dialogue, parsedFile } from '../../unit/renderer/fixtures';
import { INTERNAL, type Classified } from '../classify';
import type { GeneratedKind } from '../generate';

let databases = 0;

async function rowCounts(db: MaieuticDb): Promise<string> {
  return (await Promise.all(db.tables.map(async (table) => `${table.name}=${await table.count()}`))).join(',');
}

export async function feed(kind: GeneratedKind): Promise<Classified & { said: string }> {
  const db = new MaieuticDb(`fault-suite-judge-results-${process.pid}-${(databases += 1)}`);
  try {
    await db.open();
    // the lines of kinds/statistics.ts name dialogue 1-1-1 of GPT-4o
    const { datasetId } = await importParsedFiles(db, { kind: 'new', name: 'Pilot', codebookId: DEFAULT_CODEBOOK.id }, [parsedFile('GPT-4o/a.jsonl', [dialogue(1, 3, { externalId: '1-1-1' })])]);
    const name = basename(kind.target!);
    const read = await readPickedFiles([kind.target!]);
    const skipped = read.skipped[0];
    if (skipped) {
      const said = `${name}: skipped: ${skipped.reason}`;
      return { outcome: skipped.reason.trim() === '' || INTERNAL.test(skipped.reason) ? 'unclear-error' : 'clear-error', detail: said, said };
    }
    const before = await rowCounts(db);
    try {
      const report = await importJudgeResults(db, { datasetId, file: name, text: read.files[0]!.text });
      return { outcome: 'accepted', detail: JSON.stringify(report).slice(0, 200), said: '' };
    } catch (error) {
      const changed = (await rowCounts(db)) !== before;
      if (!(error instanceof JudgeImportError)) {
        const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        return { outcome: changed ? 'partial-import' : 'unclear-error', detail: message.slice(0, 300), said: message };
      }
      const said = error.problems.map((problem) => `${error.file}:${problem.line}: ${problem.message}`).join('\n');
      if (changed) return { outcome: 'partial-import', detail: `the data set changed, then: ${said.slice(0, 240)}`, said };
      const unclear = error.problems.find((problem) => problem.message.trim() === '' || INTERNAL.test(problem.message));
      if (unclear || error.problems.length === 0) return { outcome: 'unclear-error', detail: said.slice(0, 300) || 'refused without a problem', said };
      return { outcome: 'clear-error', detail: said.split('\n')[0]!.slice(0, 300), said };
    }
  } finally {
    db.close();
    await db.delete();
  }
}
