import { create } from 'zustand';
import { DEFAULT_UNSURE_VALUES, datasetCardJson, datasetCardMarkdown, summarizeExport, toLongCsv, toSidJsonl, type ExportSummary, type LabelCounts, type UnsureValues } from '../../../../shared/export';
import type { SaveExportArgs } from '../../../../shared/ipc/contract';
import { invoke } from '../../api/client';
import { codebookForDataset } from '../../codebook';
import { getDb, type MaieuticDb } from '../../db/db';
import { errorMessage } from '../../db/errors';
import { getDataset } from '../../db/repositories/datasets';
import type { DialogueRow } from '../../db/repositories/dialogues';
import { countExportable, loadExportItems, loadUnsureValuesChoice, saveUnsureValuesChoice, type ExportCounts, type ExportScope } from '../../db/repositories/export';
import { countAdjudications, loadAdjudicationForExport } from '../../db/repositories/adjudications';
import { saveTable } from './save-table';
import { rowsToCsv } from './table-csv';
import { reportError } from '../notices/store';
import { flushAll, type FlushOutcome } from '../review/flush-all';
import { fileNameStem, todayStamp } from './file-names';
import { loadCardInput, loadExportContext, type ComputeAgreement } from './card-figures';
import { agreementClient } from '../agreement/agreement-client';

export type ExportFormat = 'sid-jsonl' | 'long-csv';

export interface SavedFile {
  path: string;
  bytes: number;
  dialogues: number;
  turns: number;
  /** the labels written, by review status */
  labels: LabelCounts;
  /** what was written for the unsure ones */
  unsureValues: UnsureValues;
  /** the dataset card written beside it (Markdown, JSON) */
  cardPaths: string[];
}

/** `confirming`: the file is prepared and holds unreviewed labels; nothing is written until the user says so. */
type SaveStatus = 'idle' | 'working' | 'confirming' | 'saved' | 'canceled' | 'error';

export interface ExportState {
  scope: ExportScope;
  /** the user picked the scope for this data set; until then it follows what is verified */
  scopeChosen: boolean;
  format: ExportFormat;
  /** SID JSONL: write the adjudicated layer's values with their provenance where there are any */
  adjudicated: boolean;
  /** adjudication records of the data set (null until counted) */
  adjudications: number | null;
  /** labels the expert marked unsure: left empty (the default) or the expert's guess; remembered for the app */
  unsureValues: UnsureValues;
  counts: ExportCounts | null;
  countsDatasetId: string | null;
  status: SaveStatus;
  /** what the prepared file holds, while the user is asked about its unreviewed labels */
  pending: ExportSummary | null;
  saved: SavedFile | null;
  error: string | null;
  tableCsvStatus: SaveStatus;
  tableCsvPath: string | null;
  setScope(scope: ExportScope): void;
  setFormat(format: ExportFormat): void;
  setAdjudicated(adjudicated: boolean): void;
  /** Chooses what unsure labels become, for this export and the next ones (the choice is stored). */
  setUnsureValues(unsureValues: UnsureValues): Promise<void>;
  loadCounts(datasetId: string): Promise<void>;
  /** Prepares the file; writes it at once unless it holds unreviewed labels (then `confirming`). */
  exportDataset(datasetId: string): Promise<void>;
  /** Writes the prepared file, its unreviewed labels marked as such (they always are). */
  confirmExport(): Promise<void>;
  /** Drops the prepared file while the user is being asked; does nothing otherwise. */
  cancelExport(): void;
  saveTableCsv(rows: readonly DialogueRow[], datasetName: string): Promise<void>;
}

/**
 * The scope an export starts with: verified content, never "all". Whole verified dialogues when
 * there are any, else the verified turns (a reviewer who verified 12 turns and no dialogue yet
 * gets those, not an empty file).
 */
export function defaultScope(counts: ExportCounts): ExportScope {
  return counts.verified.dialogues === 0 && counts['verified-turns'].turns > 0 ? 'verified-turns' : 'verified';
}

interface PreparedFile {
  file: SaveExportArgs;
  summary: ExportSummary;
  unsureValues: UnsureValues;
}

/**
 * `flushPendingWork` runs before every read of the expert layer: an export started right after
 * an edit (from the menu, while the last write is still queued) must contain that edit.
 */
export function createExportStore(database: () => MaieuticDb = getDb, flushPendingWork: () => Promise<FlushOutcome> = flushAll, computeAgreement?: ComputeAgreement) {
  // The prepared file waits here, outside the state: a large string never goes through a render.
  let prepared: PreparedFile | null = null;
  // counts the user's choices of what unsure labels become: a stored choice read before the last one was made does not undo it
  let unsureChoices = 0;
  return create<ExportState>()((set, get) => {
    const fail = (error: unknown) => {
      prepared = null;
      set({ status: 'error', pending: null, error: errorMessage(error) });
      reportError(error, 'notice.context.export');
    };
    const write = async ({ file, summary, unsureValues }: PreparedFile) => {
      prepared = null;
      set({ status: 'working', pending: null });
      try {
        const result = await invoke('files.saveExport', file);
        if (result.canceled || result.path === null) return set({ status: 'canceled' });
        set({ status: 'saved', saved: { path: result.path, bytes: result.bytes, dialogues: summary.dialogues, turns: summary.turns, labels: summary.labels, unsureValues, cardPaths: result.companionPaths ?? [] } });
      } catch (error) {
        fail(error);
      }
    };
    const idle = { status: 'idle' as const, pending: null, saved: null, error: null };
    return {
      scope: 'verified',
      scopeChosen: false,
      format: 'sid-jsonl',
      adjudicated: false,
      adjudications: null,
      unsureValues: DEFAULT_UNSURE_VALUES,
      counts: null,
      countsDatasetId: null,
      status: 'idle',
      pending: null,
      saved: null,
      error: null,
      tableCsvStatus: 'idle',
      tableCsvPath: null,
      setScope(scope) {
        prepared = null;
        set({ scope, scopeChosen: true, ...idle });
      },
      setFormat(format) {
        prepared = null;
        set({ format, ...idle });
      },
      setAdjudicated(adjudicated) {
        prepared = null;
        set({ adjudicated, ...idle });
      },
      async setUnsureValues(unsureValues) {
        prepared = null;
        unsureChoices += 1;
        set({ unsureValues, ...idle });
        try {
          await saveUnsureValuesChoice(database(), unsureValues);
        } catch (error) {
          reportError(error, 'notice.context.export');
        }
      },
      async loadCounts(datasetId) {
        if (get().countsDatasetId !== datasetId) {
          prepared = null;
          set({ counts: null, countsDatasetId: datasetId, scope: 'verified', scopeChosen: false, adjudicated: false, adjudications: null, ...idle });
        }
        const choicesBefore = unsureChoices;
        try {
          await flushPendingWork();
          const [counts, adjudications, storedUnsure] = await Promise.all([countExportable(database(), datasetId), countAdjudications(database(), datasetId), loadUnsureValuesChoice(database())]);
          if (get().countsDatasetId !== datasetId) return;
          const unsureValues = unsureChoices === choicesBefore ? storedUnsure : get().unsureValues;
          set(get().scopeChosen ? { counts, adjudications, unsureValues } : { counts, adjudications, unsureValues, scope: defaultScope(counts) });
        } catch (error) {
          reportError(error, 'notice.context.export');
        }
      },
      async exportDataset(datasetId) {
        const { scope, format, adjudicated, unsureValues } = get();
        prepared = null;
        set({ status: 'working', pending: null, saved: null, error: null });
        try {
          const flush = await flushPendingWork();
          if (!flush.flushed) throw new Error(`The export would miss review work that is not saved. ${flush.error ?? ''}`.trim());
          const db = database();
          const dataset = await getDataset(db, datasetId);
          if (!dataset) throw new Error('The data set no longer exists.');
          const items = await loadExportItems(db, { datasetId, scope });
          const { codebook } = codebookForDataset(dataset);
          // Nothing above or below awaits inside a Dexie transaction: the read finished before the IPC call.
          const summary = summarizeExport(items, codebook, scope);
          const adjudication = format === 'sid-jsonl' && adjudicated ? await loadAdjudicationForExport(db, datasetId) : undefined;
          const context = await loadExportContext(db, dataset, codebook);
          const content =
            format === 'sid-jsonl'
              ? toSidJsonl(items, codebook, { scope, adjudication, provenance: context.provenance, unsureValues })
              : toLongCsv(items, codebook, { scope, provenance: context.provenance, adjudicationRows: context.adjudications, unsureValues });
          // the dataset card goes beside every export, in the same save (main names it after the chosen file's whole name)
          const card = await loadCardInput(db, { dataset, codebook, items, scope, format, adjudicated: adjudication !== undefined, unsureValues, context, computeAgreement });
          const extension = format === 'sid-jsonl' ? 'jsonl' : 'csv';
          const suffix = `${scope}${format === 'long-csv' ? '-long' : ''}${adjudication ? '-adjudicated' : ''}`;
          const file: SaveExportArgs = {
            defaultName: `${fileNameStem(dataset.name)}-${suffix}-${todayStamp()}.${extension}`,
            content,
            kind: extension,
            companions: [
              { suffix: '.card.md', content: datasetCardMarkdown(card) },
              { suffix: '.card.json', content: `${JSON.stringify(datasetCardJson(card), null, 2)}\n` },
            ],
          };
          if (summary.labels.unreviewed === 0) return await write({ file, summary, unsureValues });
          prepared = { file, summary, unsureValues };
          set({ status: 'confirming', pending: summary });
        } catch (error) {
          fail(error);
        }
      },
      async confirmExport() {
        if (get().status !== 'confirming' || !prepared) return;
        await write(prepared);
      },
      cancelExport() {
        if (get().status !== 'confirming') return;
        prepared = null;
        set(idle);
      },
    async saveTableCsv(rows, datasetName) {
      await saveTable(
        'csv',
        { defaultName: `${fileNameStem(datasetName)}-table-${todayStamp()}.csv`, fileKind: 'csv', content: () => rowsToCsv(rows) },
        (save) => set({ tableCsvStatus: save.status, tableCsvPath: save.path }),
      );
    },
    };
  });
}

/** The app's export store: the card's agreement is computed in the agreement worker (which reads the app's database), as the agreement view's is. */
export const useExportStore = createExportStore(getDb, flushAll, (request) => agreementClient.compute(request, () => undefined));
