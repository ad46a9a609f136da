import { create } from 'zustand';
import { codebookVersionHash } from '../../../../shared/codebook/version-hash';
import type { Codebook } from '../../../../shared/codebook/types';
import type { TextEncodingName } from '../../../../shared/import/file-rules';
import type { ColumnMapping, DelimitedPreview } from '../../../../shared/import/types';
import type { OpenImportResult } from '../../../../shared/ipc/contract';
import type { ParsedFile, SourceFile, SourceFormat } from '../../../../shared/model/dataset';
import { invoke } from '../../api/client';
import { ACTIVE_CODEBOOK, codebookForDataset, type CodebookRef } from '../../codebook';
import { getDb, type MaieuticDb } from '../../db/db';
import { errorMessage } from '../../db/errors';
import { getDataset } from '../../db/repositories/datasets';
import { importParsedFiles, type ImportTarget } from '../../db/repositories/import';
import { attachLayer } from '../../db/repositories/layers';
import { findPriorImports, type PriorImport } from '../../db/repositories/sources';
import { translate } from '../../i18n';
import { parseBudgetMs } from '../../parsing/parse-budget';
import { parseClient, type ParseProgress } from '../../parsing/parse-client';
import { useAppStore } from '../app/store';
import { isPackage, routePackage } from '../assignments/route-package';
import { useDatasetsStore } from '../datasets/store';
import { reportError } from '../notices/store';
import { useCodebookImportStore } from './codebook-import';
import { useSettingsStore } from '../settings/store';
import { type FileRefusal, includedByDefault, isImportable, needsTeacherModel, suggestDatasetName, verdictOf, withTeacherModel } from './file-verdict';
import { type LayerChoice, type LayerPreview, previewLayer, suggestLayerName } from './layer-preview';
import { storedDialogueIds, withDuplicateIdWarnings } from './duplicate-ids';
import type { StoredDialogueId } from '../../../../shared/import/duplicate-ids';

export interface ImportFileEntry {
  name: string;
  /** kept until the wizard ends, to parse again after the mapping changes */
  text: string;
  format: SourceFormat | null;
  /** '' until the user names it when only a bare file name is known (see teacherModelSuggestion) */
  teacherModel: string;
  /** a bare file name's stem, offered as the teacher model but only taken when the user accepts it */
  teacherModelSuggestion: string | null;
  preview: DelimitedPreview | null;
  mapping: ColumnMapping | null;
  parsed: ParsedFile | null;
  /** earlier imports of the same content (by contentHash) */
  priorImports: PriorImport[];
  /** an earlier file of this same selection with the same content */
  sameAs: string | null;
  /** the user's choice; only honoured for importable files */
  include: boolean;
  /** why the file was stopped before it could be read (it took longer than the time budget); nothing of it is kept */
  refusal: FileRefusal | null;
  /** the encoding the user chose to read it in ("Read as GB18030"); null: read as UTF-8, as found */
  readAs: TextEncodingName | null;
}

/** 'cancelled': the user stopped the reading or parsing; nothing was kept, and files can be chosen again */
export type ImportStep = 'idle' | 'reading' | 'inspecting' | 'mapping' | 'parsing' | 'report' | 'committing' | 'cancelled';

/**
 * Where the import goes. A new data set is made with the chosen codebook version (absent: the
 * bundled codebook as shipped); an existing one keeps its own codebook. Either way the files are
 * read against that codebook: its labels and aliases are what the values are normalised to.
 */
export type TargetChoice = { kind: 'new'; name: string; codebook?: CodebookRef } | { kind: 'existing'; datasetId: string };

/** The bundled codebook's current version: what a new data set is made with unless another is chosen. */
export const BUNDLED_CODEBOOK_REF: CodebookRef = { codebookId: ACTIVE_CODEBOOK.id, codebookHash: codebookVersionHash(ACTIVE_CODEBOOK) };

const keyOfCodebook = new WeakMap<Codebook, string>();

/** `${id}@${hash}` of the codebook the files were read against, to tell when the target's differs. */
export function codebookKey(codebook: Codebook): string {
  let key = keyOfCodebook.get(codebook);
  if (key === undefined) {
    key = `${codebook.id}@${codebookVersionHash(codebook)}`;
    keyOfCodebook.set(codebook, key);
  }
  return key;
}

export type SkippedFile = OpenImportResult['skipped'][number];

export interface ImportState {
  step: ImportStep;
  /** 'sample' runs without the wizard unless something needs the user */
  origin: 'files' | 'sample';
  entries: ImportFileEntry[];
  skipped: SkippedFile[];
  progress: ParseProgress | null;
  target: TargetChoice;
  /** a failure of the wizard itself (reading, parsing, storing), shown in the wizard */
  error: string | null;
  /** false when parsing ran on the main thread because no worker could start */
  parsedInWorker: boolean;
  /** non-null: the chosen file is attached to the existing target as an annotation layer instead of imported */
  layer: LayerChoice | null;
  layerPreview: LayerPreview;
  /** the codebook (`${id}@${hash}`) the entries were last read against; null before any */
  parsedWith: string | null;
  pickFiles(mode: 'files' | 'folder', targetDatasetId?: string | null): Promise<void>;
  receiveFiles(files: SourceFile[], skipped: SkippedFile[], targetDatasetId?: string | null): Promise<void>;
  /** reads a skipped file in the encoding its bytes more likely have, and checks it with the others */
  readSkippedAs(name: string): Promise<void>;
  openSample(): Promise<void>;
  setTeacherModel(index: number, teacherModel: string): void;
  setMapping(index: number, mapping: ColumnMapping): void;
  setInclude(index: number, include: boolean): void;
  /** changes the target; when its codebook differs from the one the files were read against, reads them again against it */
  setTarget(target: TargetChoice): Promise<void>;
  /** "Import codebook…": stores a custom codebook (with its rules file, if any) and makes it the new data set's codebook */
  importCodebook(): Promise<void>;
  /** turns the "attach as an annotation layer" option on (with a suggested name) or off */
  setAttachAsLayer(on: boolean): Promise<void>;
  setLayerChoice(choice: LayerChoice): void;
  /** matches the chosen file to the target data set and keeps the result for the report */
  refreshLayerPreview(): Promise<void>;
  /** parses every file with the current mappings and shows the report */
  parseAll(): Promise<void>;
  /** stores the chosen files in one transaction and opens the data set */
  commit(): Promise<void>;
  cancel(): void;
}

const IDLE = {
  step: 'idle',
  origin: 'files',
  entries: [],
  skipped: [],
  progress: null,
  target: { kind: 'new', name: '' },
  error: null,
  parsedInWorker: true,
  layer: null,
  layerPreview: { status: 'idle' },
  parsedWith: null,
} satisfies Partial<ImportState>;

/** A new data set records the chosen codebook version: its id and its hash. */
function newDatasetTarget(target: Extract<TargetChoice, { kind: 'new' }>): ImportTarget {
  const { codebookId, codebookHash } = target.codebook ?? BUNDLED_CODEBOOK_REF;
  return { kind: 'new', name: target.name, codebookId, ...(codebookHash ? { codebookHash } : {}) };
}

function targetFor(datasetId: string | null | undefined, names: readonly string[]): TargetChoice {
  return datasetId ? { kind: 'existing', datasetId } : { kind: 'new', name: suggestDatasetName(names) };
}

/** What the wizard needs of "Import codebook…" (its store; another in tests). */
type CodebookImporter = Pick<ReturnType<typeof useCodebookImportStore.getState>, 'importCodebook' | 'reset'>;

export function createImportStore(database: () => MaieuticDb = getDb, codebookImporter: () => CodebookImporter = () => useCodebookImportStore.getState()) {
  return create<ImportState>()((set, get) => {
    // Each wizard run gets a number; results of a cancelled or superseded run are dropped.
    let run = 0;
    const isCurrent = (token: number) => token === run;
    // Aborting stops the parse worker at once (a running parse cannot be interrupted otherwise).
    let running = new AbortController();
    function nextRun(): number {
      running.abort();
      running = new AbortController();
      return ++run;
    }
    const parseOptions = () => ({ signal: running.signal, budgetMs: parseBudgetMs() });

    /** The codebook the target's files are read against: the chosen version for a new data set, an existing one's own. */
    async function targetCodebook(target: TargetChoice): Promise<Codebook> {
      if (target.kind === 'new') return codebookForDataset(target.codebook ?? BUNDLED_CODEBOOK_REF).codebook;
      const dataset = await getDataset(database(), target.datasetId);
      return dataset ? codebookForDataset(dataset).codebook : ACTIVE_CODEBOOK;
    }

    function leaveWizard(): void {
      const app = useAppStore.getState();
      if (app.view === 'import') app.goTo(app.datasetId ? 'datasets' : 'start');
    }

    async function inspect(token: number, files: SourceFile[], readAs: Readonly<Record<string, TextEncodingName>> = {}): Promise<boolean> {
      set({ step: 'inspecting', progress: null });
      const codebook = await targetCodebook(get().target);
      if (!isCurrent(token)) return false;
      const outcomes = await parseClient.inspect(files, codebook, parseOptions());
      if (!isCurrent(token)) return false;
      const entries = outcomes.map((outcome, index): ImportFileEntry => {
        const entry: ImportFileEntry = {
          name: files[index].name,
          text: files[index].text,
          format: null,
          teacherModel: '',
          teacherModelSuggestion: null,
          preview: null,
          mapping: null,
          parsed: null,
          priorImports: [],
          sameAs: null,
          include: false,
          refusal: null,
          readAs: readAs[files[index].name] ?? null,
        };
        if (outcome.kind === 'over-budget') return { ...entry, refusal: { kind: 'over-budget', budgetMs: outcome.budgetMs } };
        const { inspection } = outcome;
        return {
          ...entry,
          format: inspection.format,
          teacherModel: inspection.teacherModel,
          teacherModelSuggestion: inspection.teacherModelSuggestion,
          preview: inspection.preview,
          mapping: inspection.mapping,
        };
      });
      set({ entries });
      return true;
    }

    async function parse(token: number): Promise<boolean> {
      const { entries } = get();
      const jobs = entries
        .map((entry, index) => ({ entry, index }))
        .filter(({ entry }) => entry.format !== null)
        .map(({ entry, index }) => ({ index, job: { file: { name: entry.name, text: entry.text }, teacherModel: entry.teacherModel, mapping: entry.mapping } }));
      set({ step: 'parsing', progress: { done: 0, total: jobs.length, file: null }, parsedInWorker: parseClient.usesWorker });
      const codebook = await targetCodebook(get().target);
      if (!isCurrent(token)) return false;
      const outcomes = await parseClient.parse(
        jobs.map(({ job }) => job),
        codebook,
        (progress) => {
          if (isCurrent(token)) set({ progress });
        },
        parseOptions(),
      );
      if (!isCurrent(token)) return false;
      const parsed = outcomes.flatMap((outcome) => (outcome.kind === 'parsed' ? [outcome.file] : []));
      const priorImports = await findPriorImports(database(), parsed.map((file) => file.contentHash));
      if (!isCurrent(token)) return false;
      const outcomeByIndex = new Map(jobs.map(({ index }, position) => [index, outcomes[position]]));
      const firstWithHash = new Map<string, string>();
      set({
        parsedInWorker: parseClient.usesWorker,
        progress: null,
        parsedWith: codebookKey(codebook),
        entries: get().entries.map((entry, index) => {
          const outcome = outcomeByIndex.get(index);
          if (outcome?.kind === 'over-budget') return { ...entry, parsed: null, include: false, refusal: { kind: 'over-budget', budgetMs: outcome.budgetMs } };
          const file = outcome?.kind === 'parsed' ? outcome.file : null;
          const prior = file ? priorImports.filter((item) => item.contentHash === file.contentHash) : [];
          const sameAs = file ? (firstWithHash.get(file.contentHash) ?? null) : null;
          if (file && sameAs === null) firstWithHash.set(file.contentHash, entry.name);
          const verdict = verdictOf({ format: entry.format, parsed: file, refusal: entry.refusal });
          return { ...entry, parsed: file, priorImports: prior, sameAs, include: sameAs === null && includedByDefault(verdict, prior) };
        }),
      });
      return refreshDuplicateIds(token);
    }

    // the ids of the target data set, for the warnings on dialogue ids it already holds
    let storedIds: StoredDialogueId[] = [];
    /** Finds the duplicate-id warnings again against the current target (after a parse or a change of target). */
    async function refreshDuplicateIds(token: number): Promise<boolean> {
      const { target, layer } = get();
      const stored = await storedDialogueIds(database(), target, layer !== null);
      if (!isCurrent(token)) return false;
      // a target or layer choice made meanwhile finds its own (setTarget, setAttachAsLayer)
      if (get().target !== target || (get().layer !== null) !== (layer !== null)) return true;
      storedIds = stored;
      set({ entries: withDuplicateIdWarnings(get().entries, storedIds) });
      return true;
    }

    function start(files: SourceFile[], skipped: SkippedFile[], targetDatasetId: string | null | undefined): number {
      const token = nextRun();
      set({ ...IDLE, step: 'inspecting', skipped, target: targetFor(targetDatasetId, files.map((file) => file.name)) });
      codebookImporter().reset();
      useAppStore.getState().goTo('import');
      return token;
    }

    async function wizard(token: number, files: SourceFile[], readAs: Readonly<Record<string, TextEncodingName>> = {}): Promise<void> {
      try {
        if (!(await inspect(token, files, readAs))) return;
        if (get().entries.some((entry) => entry.format === 'delimited')) {
          set({ step: 'mapping' });
          return;
        }
        if (!(await parse(token))) return;
        set({ step: 'report' });
      } catch (error) {
        if (isCurrent(token)) set({ step: 'report', error: errorMessage(error), progress: null });
      }
    }

    // previews of superseded choices are dropped
    let previewRun = 0;

    /** Reads the files again when the target's codebook is not the one they were read against (the report shows the new reading). */
    async function followTargetCodebook(target: TargetChoice): Promise<void> {
      if (get().step !== 'report' || get().parsedWith === null) return;
      const codebook = await targetCodebook(target);
      if (get().target !== target || get().step !== 'report' || codebookKey(codebook) === get().parsedWith) return;
      const token = nextRun();
      try {
        if (await parse(token)) set({ step: 'report' });
      } catch (error) {
        if (isCurrent(token)) set({ step: 'report', error: errorMessage(error), progress: null });
      }
    }

    function chosenFiles(): ParsedFile[] {
      return get().entries.flatMap((entry) =>
        entry.include && entry.parsed && isImportable(verdictOf(entry)) ? [withTeacherModel(entry.parsed, entry.teacherModel)] : [],
      );
    }

    async function commitLayer(token: number, datasetId: string, choice: LayerChoice): Promise<void> {
      const files = chosenFiles();
      if (files.length !== 1) return;
      set({ step: 'committing', error: null });
      try {
        // matched again at commit: the data set may have changed since the preview
        const preview = await previewLayer(database(), datasetId, files[0]);
        await attachLayer(database(), { datasetId, name: choice.name, kind: choice.kind, parsed: files[0], matched: preview.matched });
        if (!isCurrent(token)) return;
        set({ ...IDLE });
        useAppStore.getState().openDataset(datasetId);
        void useDatasetsStore.getState().loadList();
      } catch (error) {
        if (!isCurrent(token)) return;
        set({ step: 'report', error: errorMessage(error) });
        reportError(error, 'notice.context.import');
      }
    }

    return {
      ...IDLE,
      async pickFiles(mode, targetDatasetId) {
        let result: OpenImportResult;
        try {
          result = await invoke('files.openImport', { mode });
        } catch (error) {
          reportError(error, 'notice.context.openFiles');
          return;
        }
        if (result.canceled) return;
        await get().receiveFiles(result.files, result.skipped, targetDatasetId);
      },
      async receiveFiles(files, skipped, targetDatasetId) {
        // a Maieutic package is not a data file: it goes to the assignment flow (checked without awaiting, so a plain import starts at once)
        if (isPackage(files)) return routePackage(files, targetDatasetId);
        const token = start(files, skipped, targetDatasetId);
        await wizard(token, files);
      },
      async readSkippedAs(name) {
        const { skipped, entries, target } = get();
        const file = skipped.find((candidate) => candidate.name === name);
        if (!file?.likely) return;
        // The wizard starts over with the converted file among the others: the mapping and the
        // report then treat it exactly like a file that was UTF-8 from the start.
        const files = [...entries.map((entry) => ({ name: entry.name, text: entry.text })), { name: file.name, text: file.likely.text }];
        // files read in another encoding before this one keep their mark, and this one gets it
        const readAs: Record<string, TextEncodingName> = {};
        for (const entry of entries) if (entry.readAs) readAs[entry.name] = entry.readAs;
        readAs[file.name] = file.likely.encoding;
        const rest = skipped.filter((candidate) => candidate !== file);
        const token = start(files, rest, target.kind === 'existing' ? target.datasetId : null);
        if (target.kind === 'new') set({ target });
        await wizard(token, files, readAs);
      },
      async openSample() {
        const token = nextRun();
        set({ ...IDLE, origin: 'sample', step: 'reading' });
        try {
          const files = await invoke('files.readSample', {});
          if (!isCurrent(token)) return;
          set({ target: { kind: 'new', name: translate(useSettingsStore.getState().labelLanguage, 'start.sampleName') } });
          if (!(await inspect(token, files)) || !(await parse(token))) return;
          const { entries } = get();
          // The sample already imported (and not deleted) is reopened rather than imported twice.
          const datasetIds = new Set(entries.flatMap((entry) => entry.priorImports.map((prior) => prior.datasetId)));
          const everywhere = [...datasetIds].find((datasetId) => entries.every((entry) => entry.priorImports.some((prior) => prior.datasetId === datasetId)));
          if (everywhere) {
            set({ ...IDLE });
            useAppStore.getState().openDataset(everywhere);
            return;
          }
          if (!entries.every((entry) => isImportable(verdictOf(entry)) && !needsTeacherModel(entry))) {
            // Something needs the user's eyes: show the report instead of importing silently.
            set({ step: 'report', origin: 'files' });
            useAppStore.getState().goTo('import');
            return;
          }
          set({ entries: entries.map((entry) => ({ ...entry, include: true })) });
          await get().commit();
        } catch (error) {
          if (!isCurrent(token)) return;
          set({ ...IDLE });
          reportError(error, 'notice.context.openSample');
        }
      },
      setTeacherModel(index, teacherModel) {
        const entries = get().entries.map((entry, position) => (position === index ? { ...entry, teacherModel } : entry));
        set({ entries: withDuplicateIdWarnings(entries, storedIds) });
      },
      setMapping(index, mapping) {
        set({ entries: get().entries.map((entry, position) => (position === index ? { ...entry, mapping } : entry)) });
      },
      setInclude(index, include) {
        set({
          entries: get().entries.map((entry, position) =>
            position === index && isImportable(verdictOf(entry)) ? { ...entry, include } : entry,
          ),
        });
      },
      async setTarget(target) {
        set(target.kind === 'new' ? { target, layer: null, layerPreview: { status: 'idle' } } : { target });
        await followTargetCodebook(target);
        if (get().step === 'report' && get().target === target) await refreshDuplicateIds(run);
      },
      async importCodebook() {
        const row = await codebookImporter().importCodebook();
        if (!row) return;
        const { target, entries } = get();
        const name = target.kind === 'new' ? target.name : suggestDatasetName(entries.map((entry) => entry.name));
        await get().setTarget({ kind: 'new', name, codebook: { codebookId: row.codebookId, codebookHash: row.hash } });
      },
      async setAttachAsLayer(on) {
        if (!on) {
          previewRun += 1;
          set({ layer: null, layerPreview: { status: 'idle' } });
        } else {
          const first = chosenFiles()[0];
          set({ layer: get().layer ?? { name: first ? suggestLayerName(first.file) : '', kind: 'human' } });
        }
        // a layer's file holds the data set's own dialogue ids by design: no warning of ids already there
        if (get().step === 'report') await refreshDuplicateIds(run);
      },
      setLayerChoice(choice) {
        set({ layer: choice });
      },
      async refreshLayerPreview() {
        const { layer, target } = get();
        const token = ++previewRun;
        if (!layer || target.kind !== 'existing') {
          set({ layerPreview: { status: 'idle' } });
          return;
        }
        const files = chosenFiles();
        if (files.length !== 1) {
          set({ layerPreview: { status: 'needs-one-file', chosen: files.length } });
          return;
        }
        set({ layerPreview: { status: 'matching' } });
        try {
          const preview = await previewLayer(database(), target.datasetId, files[0]);
          if (token === previewRun) set({ layerPreview: preview });
        } catch (error) {
          if (token === previewRun) set({ layerPreview: { status: 'failed', message: errorMessage(error) } });
        }
      },
      async parseAll() {
        const token = nextRun();
        set({ error: null });
        try {
          if (await parse(token)) set({ step: 'report' });
        } catch (error) {
          if (isCurrent(token)) set({ step: 'mapping', error: errorMessage(error), progress: null });
        }
      },
      async commit() {
        const { entries, target, step, origin } = get();
        if (step === 'committing') return;
        const chosen = entries.filter((entry) => entry.include && entry.parsed && isImportable(verdictOf(entry)));
        if (chosen.length === 0) return;
        const { layer } = get();
        if (layer && target.kind === 'existing') {
          await commitLayer(nextRun(), target.datasetId, layer);
          return;
        }
        // dialogues are never stored under a model nobody named
        if (chosen.some(needsTeacherModel)) return;
        const token = nextRun();
        const importTarget: ImportTarget = target.kind === 'existing' ? target : newDatasetTarget(target);
        set({ step: 'committing', error: null });
        try {
          const files = chosen.flatMap((entry) => (entry.parsed ? [withTeacherModel(entry.parsed, entry.teacherModel)] : []));
          const result = await importParsedFiles(database(), importTarget, files);
          if (!isCurrent(token)) return;
          set({ ...IDLE });
          useAppStore.getState().openDataset(result.datasetId);
          void useDatasetsStore.getState().loadList();
        } catch (error) {
          if (!isCurrent(token)) return;
          if (origin === 'sample') {
            set({ ...IDLE });
            reportError(error, 'notice.context.openSample');
            return;
          }
          set({ step: 'report', error: errorMessage(error) });
          reportError(error, 'notice.context.import');
        }
      },
      cancel() {
        const { step, origin, target } = get();
        nextRun();
        // Stopping work in progress leaves the user where they can choose files again; leaving
        // the wizard from a step that waits for them (mapping, report) goes back as before.
        if (origin === 'files' && (step === 'reading' || step === 'inspecting' || step === 'parsing')) {
          set({ ...IDLE, step: 'cancelled', target });
          return;
        }
        set({ ...IDLE });
        leaveWizard();
      },
    };
  });
}

export const useImportStore = createImportStore();
