/**
 * Work and assignment packages through the app's own path (runner-child.ts loads it): main's file
 * reading as the pickers call it (readPickedFiles: limits, encodings, special files), then, as
 * the assignment store does, importWorkPackage into an owner's profile that sent the assignment,
 * or parseAssignmentPackage and openAssignment into a fresh annotator's profile, on a fake
 * IndexedDB. A refusal must name the file and say what is wrong, with nothing written: a
 * profile that changed although the package was refused is a partial write.
 */
import 'fake-indexeddb/auto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { readPickedFiles } from '../../../electron/main/services/import-files';
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { parseAssignmentPackage } from '../../../shared/packages';
import { rulesForCarriedCodebook } from '../../../renderer/src/codebook';
import { MaieuticDb } from '../../../renderer/src/db/db';
import { openAssignment } from '../../../renderer/src/db/repositories/assignments-received';
import { buildAssignment, importWorkPackage, recordSentAssignment } from '../../../renderer/src/db/repositories/assignments-sent';
import { importParsedFiles } from '../../../renderer/src/db/repositories/import';
import { listDialoguesOf } from '../../../renderer/src/db/repositories/dialogues';
import { dialogue, parsedFile } from '../../unit/renderer/fixtures';
import { INTERNAL, type Classified } from '../classify';
import type { GeneratedKind } from '../generate';
import { ANNOTATOR, OWNER_PLACEHOLDERS } from '../kinds/work-package';

let databases = 0;
const freshDb = () => new MaieuticDb(`fault-suite-packages-${process.pid}-${(databases += 1)}`);

/** Rows per table: what a refused package must leave as it was. */
async function rowCounts(db: MaieuticDb): Promise<string> {
  const counts = await Promise.all(db.tables.map(async (table) => `${table.name}=${await table.count()}`));
  return counts.join(',');
}

/** The owner's profile: a data set of two dialogues (student, teacher, student), sent to ANNOTATOR. */
async function ownerWhoSent(db: MaieuticDb): Promise<Record<string, string>> {
  const { datasetId } = await importParsedFiles(db, { kind: 'new', name: 'Pilot', codebookId: DEFAULT_CODEBOOK.id }, [parsedFile('GPT-4o/a.jsonl', [dialogue(1, 3), dialogue(2, 3)])]);
  const pkg = await buildAssignment(db, { datasetId, codebook: DEFAULT_CODEBOOK, annotatorName: ANNOTATOR, dialogueIds: null, blind: true });
  await recordSentAssignment(db, pkg);
  const ids = (await listDialoguesOf(db, datasetId)).map((item) => item.id);
  return { [OWNER_PLACEHOLDERS.dataset]: datasetId, [OWNER_PLACEHOLDERS.assignment]: pkg.id, [OWNER_PLACEHOLDERS.dialogues[0]]: ids[0]!, [OWNER_PLACEHOLDERS.dialogues[1]]: ids[1]! };
}

/** The file with the owner's ids put in, byte for byte otherwise (an encoding kind stays in its encoding). */
function withOwnerIds(path: string, ids: Record<string, string>): string {
  if (!statSync(path).isFile() || statSync(path).size > 128 * 1024 * 1024) return path;
  let bytes = readFileSync(path);
  for (const [placeholder, id] of Object.entries(ids)) {
    for (const encoded of [Buffer.from(placeholder, 'utf8'), Buffer.from(placeholder, 'utf16le'), Buffer.from(Buffer.from(placeholder, 'utf16le').swap16())]) {
      const replacement = encoded.length === placeholder.length ? Buffer.from(id, 'utf8') : encoded[0] === 0 ? Buffer.from(Buffer.from(id, 'utf16le').swap16()) : Buffer.from(id, 'utf16le');
      for (let at = bytes.indexOf(encoded); at !== -1; at = bytes.indexOf(encoded, at + replacement.length)) {
        bytes = Buffer.concat([bytes.subarray(0, at), replacement, bytes.subarray(at + encoded.length)]);
      }
    }
  }
  const filled = join(dirname(path), `filled-${basename(path)}`);
  writeFileSync(filled, bytes);
  return filled;
}

function refusal(message: string, changed: boolean): Classified {
  if (changed) return { outcome: 'partial-import', detail: `the profile changed, then: ${message.slice(0, 240)}` };
  // file: where: problem, as PackageError words it (or main's skip naming the file)
  if (INTERNAL.test(message) || !/^[^:]+\.json: \S/.test(message)) return { outcome: 'unclear-error', detail: message.slice(0, 300) };
  return { outcome: 'clear-error', detail: message.slice(0, 300) };
}

export async function feed(kind: GeneratedKind): Promise<Classified & { said: string }> {
  const db = freshDb();
  try {
    await db.open();
    const work = kind.surface === 'work-package';
    const ids = work ? await ownerWhoSent(db) : {};
    const path = work ? withOwnerIds(kind.target!, ids) : kind.target!;
    const name = basename(kind.target!);
    const read = await readPickedFiles([path]);
    const skipped = read.skipped[0];
    if (skipped) {
      const said = `${name}: skipped: ${skipped.reason}${'likely' in skipped && skipped.likely ? ` (likely ${skipped.likely.encoding})` : ''}`;
      return { ...refusal(said, false), said };
    }
    const file = { name, text: read.files[0]!.text };
    const before = await rowCounts(db);
    try {
      if (work) {
        const datasetId = ids[OWNER_PLACEHOLDERS.dataset]!;
        const report = await importWorkPackage(db, { datasetId, codebook: DEFAULT_CODEBOOK, text: file.text, file: file.name });
        return { outcome: 'accepted', detail: `layer "${report.layer.name}" of ${report.counts.turns} turns`, said: '' };
      }
      const pkg = parseAssignmentPackage(file.text, file.name);
      const opened = await openAssignment(db, { pkg, file: file.name, datasetName: `${pkg.dataset.name} · ${pkg.annotator.name}`, rules: rulesForCarriedCodebook(pkg.codebook) });
      const stored = await listDialoguesOf(db, opened.datasetId);
      return { outcome: 'accepted', detail: `${stored.length} dialogues opened`, said: '' };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { ...refusal(message, (await rowCounts(db)) !== before), said: message };
    }
  } finally {
    db.close();
    await db.delete();
  }
}
