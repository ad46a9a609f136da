/**
 * The one IPC contract between the renderer and the main process. The preload, the
 * main-process registration, the Playwright bridge and the renderer client are all
 * derived from these two maps; nothing else names a channel.
 *
 * Rules: one argument per call, a plain JSON object; results are plain JSON.
 */
import type { SkippedFile } from '../import/skip-reasons';
import type { JobDefinition, JobEvent, JobItemEvent, JobSnapshot } from '../jobs';
import type { ConnectionSettings, KeyChange, KeyStorage, LlmConnection } from '../llm/connection';
import type { SourceFile } from '../model/dataset';
import type { BackupInfo, BackupManifest, BackupReason } from '../backup/manifest';
import type { RowLimitProblem } from '../backup/row-limits';

export interface AppInfo {
  name: string;
  version: string;
  /** 'electron' in the desktop app, 'browser' when the renderer runs under the test bridge */
  host: 'electron' | 'browser';
  platform: string;
}

export interface OpenImportArgs {
  /** pick files, or pick one folder whose files are read recursively */
  mode: 'files' | 'folder';
}

export interface OpenImportResult {
  canceled: boolean;
  /** names are relative to the chosen folder (`GPT-4o/topic_1.jsonl`) or bare file names */
  files: SourceFile[];
  /** files not read (type, size, links out of the folder, FIFOs, encoding…), each with a code and the English reason; a likely encoding is offered in the report */
  skipped: SkippedFile[];
}

/**
 * What was dropped on the window, by the paths the preload read off the dropped File objects
 * (webUtils.getPathForFile). Only the preload calls it (`RendererApi.readDroppedFiles`): the
 * renderer cannot name paths for main to read.
 */
export interface ReadDroppedArgs {
  paths: string[];
}

export type ReadDroppedResult = Omit<OpenImportResult, 'canceled'>;

/** A codebook file as read by main: its bare name and its text (UTF-8, or UTF-16 with a BOM). */
export interface CodebookFileText {
  name: string;
  text: string;
}

/**
 * "Import codebook…": the codebook JSON the user picked and, when `<name>.rules.json` sits beside
 * `<name>.json`, that rules file too (null when there is none: the codebook then has no rules).
 * Main only reads; the renderer parses both and stores nothing unless both are valid.
 */
export type OpenCodebookResult =
  | { status: 'canceled' }
  | { status: 'read'; codebook: CodebookFileText; rules: CodebookFileText | null }
  /** the file (or its rules file) could not be read: `file` names it, `reason` says why (English) */
  | { status: 'refused'; file: string; reason: string };

export interface SaveExportArgs {
  /** proposed file name, e.g. `maieutic-verified.jsonl` */
  defaultName: string;
  content: string;
  /** file-type filter shown in the dialog */
  kind: 'jsonl' | 'csv' | 'json' | 'md' | 'yaml' | 'maieutic';
  /**
   * files written beside the chosen one in the same save, named by its stem and a fixed suffix
   * (`x.jsonl` → `x.jsonl.card.md`, `x.jsonl.card.json`: the dataset card); each suffix at most once
   */
  companions?: SaveExportCompanion[];
}

/** The suffixes a companion file may have: main refuses any other, so the renderer cannot name files. */
export const EXPORT_COMPANION_SUFFIXES = ['.card.md', '.card.json'] as const;

export interface SaveExportCompanion {
  suffix: (typeof EXPORT_COMPANION_SUFFIXES)[number];
  content: string;
}

export interface SaveExportResult {
  canceled: boolean;
  /** absolute path written (atomically: temporary file, then rename) */
  path: string | null;
  bytes: number;
  /** the companions written, in the order asked; absent when none were asked for */
  companionPaths?: string[];
}

/**
 * The close handshake. Before a window closes (or the app quits) main sends `app.beforeClose`;
 * the renderer commits open drafts, waits for its queued writes and answers with
 * `app.readyToClose` carrying the same `requestId`. Main waits a bounded time for the answer.
 */
export interface BeforeCloseRequest {
  /** echoed in the answer, so a late answer to an earlier request is recognised as such */
  requestId: string;
}

export interface ReadyToCloseArgs {
  requestId: string;
  /** true when every draft was committed and every queued write is stored */
  flushed: boolean;
  /** why not, in words for the user (shown in the "close anyway?" message box) */
  error?: string;
}

export interface ReadyToCloseResult {
  /** false when main no longer waits for this request (already answered, timed out, or unknown) */
  accepted: boolean;
}

/**
 * The renderer tells main, whenever it changes, how many review writes are queued and not yet
 * stored. If the renderer then hangs during the close handshake, main knows what closing would
 * lose and asks the user (wait, or close and lose them) instead of dropping them silently.
 */
export interface UnsavedWorkReport {
  pendingWrites: number;
}

/** The configured endpoints, and where main keeps their keys (the settings say so when it is not a real keyring). */
export interface ConnectionList {
  connections: LlmConnection[];
  keyStorage: KeyStorage;
}

/**
 * Saves (adds or replaces by id) a connection. `key` is the only way an API key crosses IPC, and
 * only towards main; nothing ever sends it back.
 */
export interface SaveConnectionArgs {
  connection: ConnectionSettings;
  key: KeyChange;
}

/** "Test connection": the endpoint's models list, or what failed in words (DNS, refused, TLS, key, path). */
export type ConnectionTestResult = { ok: true; models: string[]; modelListed: boolean } | { ok: false; message: string };

export interface JobRef {
  jobId: string;
}

/** The renderer stored these results (item keys, jobItemKey): main stops sending them again. */
export interface AckJobItemsArgs {
  jobId: string;
  itemKeys: string[];
}

/** The most finished items one `jobs.pending` answer carries, and how many when the call does not say. */
export const PENDING_ITEMS_MAX = 200;
export const PENDING_ITEMS_DEFAULT = 50;

/** A page of the finished items main holds that the renderer has not acknowledged, oldest first. */
export interface PendingJobItemsArgs {
  /** the `cursor` of the previous page (of the same `epoch`); 0 or absent for the first */
  after?: number;
  /** 1 to PENDING_ITEMS_MAX; PENDING_ITEMS_DEFAULT when absent */
  limit?: number;
}

export interface PendingJobItems {
  /** changes when main restarts: a cursor of another epoch means nothing, start again from 0 */
  epoch: string;
  /** as `item` events, exactly as they were (or would have been) sent on `jobs.event` */
  items: JobItemEvent[];
  /** pass as `after` for the next page: past every item of this page */
  cursor: number;
  /** true when more unacknowledged items follow this page */
  more: boolean;
}

/**
 * Backups and project files (issue 12, shared/backup/manifest.ts). Writing streams: begin (into
 * the backups folder, or — `project` — to a path the user picks in the save dialog), then one
 * chunk per batch of a table's rows (`rows`: row-codec's JSON array text), then commit with the
 * manifest, or abort (the temporary file is removed). Reading: open (a backup by name, or a
 * project file the user picks), then chunks until `done`.
 */
export interface BackupBeginArgs {
  reason: BackupReason;
  /** a project file: main asks where (save dialog) with this proposed name */
  project?: { defaultName: string };
}
export type BackupBeginResult = { canceled: true } | { canceled: false; writeId: string; name: string };
export interface BackupChunkArgs {
  writeId: string;
  table: string;
  rows: string;
}
export interface BackupCommitArgs {
  writeId: string;
  manifest: BackupManifest;
  /** how many backups the folder keeps (the setting) */
  keep: number;
}
export interface BackupCommitResult {
  name: string;
  bytes: number;
  pruned: string[];
}
export type BackupOpenArgs = { name: string } | { project: true };
export type BackupOpenResult = { canceled: true } | { canceled: false; readId: string; name: string; manifest: BackupManifest };
/** A row main did not send: it nests deeper or is larger than a row may be (shared/backup/row-limits.ts); `rows` holds null in its place. */
export type UnsendableRow = { index: number } & RowLimitProblem;
export type BackupReadResult = { done: true } | { done: false; table: string; rows: unknown[]; unsendable?: UnsendableRow[] };

/** renderer → main calls; each returns a promise of its result */
export interface InvokeMap {
  'app.info': (arg: Record<string, never>) => AppInfo;
  'app.readyToClose': (arg: ReadyToCloseArgs) => ReadyToCloseResult;
  'app.reportUnsavedWork': (arg: UnsavedWorkReport) => { accepted: true };
  'files.openImport': (arg: OpenImportArgs) => OpenImportResult;
  /** picks one codebook JSON file and reads it with its `<name>.rules.json` sibling, if any */
  'files.openCodebook': (arg: Record<string, never>) => OpenCodebookResult;
  'files.readDropped': (arg: ReadDroppedArgs) => ReadDroppedResult;
  'files.readSample': (arg: Record<string, never>) => SourceFile[];
  'files.saveExport': (arg: SaveExportArgs) => SaveExportResult;
  'llm.connections.list': (arg: Record<string, never>) => ConnectionList;
  'llm.connections.save': (arg: SaveConnectionArgs) => LlmConnection;
  'llm.connections.delete': (arg: { id: string }) => { deleted: boolean };
  'llm.connections.test': (arg: { id: string }) => ConnectionTestResult;
  /** the response cache: how many valid answers it keeps and their size on disk */
  'llm.cache.stats': (arg: Record<string, never>) => { entries: number; bytes: number };
  /** forgets every cached answer (later runs pay again) */
  'llm.cache.clear': (arg: Record<string, never>) => { entries: number; bytes: number };
  'jobs.start': (arg: { definition: JobDefinition }) => JobSnapshot;
  'jobs.pause': (arg: JobRef) => JobSnapshot;
  'jobs.resume': (arg: JobRef) => JobSnapshot;
  'jobs.cancel': (arg: JobRef) => JobSnapshot;
  /** every job's snapshot */
  'jobs.list': (arg: Record<string, never>) => JobSnapshot[];
  /**
   * the finished items not acknowledged yet, a page at a time: what the renderer fetches on
   * start, when its event stream reconnects and on a timer, so a result reaches the database
   * whatever happened to its `jobs.event` (a reload, a host without events, a lost stream)
   */
  'jobs.pending': (arg: PendingJobItemsArgs) => PendingJobItems;
  'jobs.ack': (arg: AckJobItemsArgs) => { acknowledged: number };
  'backups.begin': (arg: BackupBeginArgs) => BackupBeginResult;
  'backups.chunk': (arg: BackupChunkArgs) => { accepted: true };
  'backups.commit': (arg: BackupCommitArgs) => BackupCommitResult;
  'backups.abort': (arg: { writeId: string }) => { aborted: true };
  'backups.list': (arg: Record<string, never>) => BackupInfo[];
  'backups.open': (arg: BackupOpenArgs) => BackupOpenResult;
  'backups.read': (arg: { readId: string }) => BackupReadResult;
  'backups.close': (arg: { readId: string }) => { closed: true };
  /** the backup or project file `readId` was opened from, opened again from its start (no dialog): a restore reads it once to check it, then to write it */
  'backups.reopen': (arg: { readId: string }) => BackupOpenResult;
}

/** commands the application menu sends to the renderer */
export type MenuCommand = 'open-files' | 'open-folder' | 'open-sample' | 'export' | 'show-shortcuts' | 'settings';

/** main → renderer events */
export interface EventMap {
  'menu.command': { command: MenuCommand };
  /** the window is about to close: flush, then answer with `app.readyToClose` */
  'app.beforeClose': BeforeCloseRequest;
  /** every job's started, progress (throttled), item and finished events */
  'jobs.event': JobEvent;
  /**
   * the event stream (re)connected (dev:serve's server-sent events): events may have been
   * missed, so the renderer lists the jobs and fetches the pending items again
   */
  'jobs.resync': Record<string, never>;
}

export type InvokeChannel = keyof InvokeMap;
export type EventChannel = keyof EventMap;
export type InvokeArg<K extends InvokeChannel> = Parameters<InvokeMap[K]>[0];
export type InvokeResult<K extends InvokeChannel> = ReturnType<InvokeMap[K]>;

/** Every invoke channel, listed once so the preload and the main registration can iterate. */
export const INVOKE_CHANNELS = [
  'app.info',
  'app.readyToClose',
  'app.reportUnsavedWork',
  'files.openImport',
  'files.openCodebook',
  'files.readDropped',
  'files.readSample',
  'files.saveExport',
  'llm.connections.list',
  'llm.connections.save',
  'llm.connections.delete',
  'llm.connections.test',
  'llm.cache.stats',
  'llm.cache.clear',
  'jobs.start',
  'jobs.pause',
  'jobs.resume',
  'jobs.cancel',
  'jobs.list',
  'jobs.pending',
  'jobs.ack',
  'backups.begin',
  'backups.chunk',
  'backups.commit',
  'backups.abort',
  'backups.list',
  'backups.open',
  'backups.read',
  'backups.close',
  'backups.reopen',
] as const satisfies readonly InvokeChannel[];

export const EVENT_CHANNELS = ['menu.command', 'app.beforeClose', 'jobs.event', 'jobs.resync'] as const satisfies readonly EventChannel[];

// Compile-time proof that the lists above name every key of the maps.
type Missing<T, L extends readonly unknown[]> = Exclude<keyof T, L[number]>;
const allInvokeListed: Missing<InvokeMap, typeof INVOKE_CHANNELS> extends never ? true : never = true;
const allEventsListed: Missing<EventMap, typeof EVENT_CHANNELS> extends never ? true : never = true;
void allInvokeListed;
void allEventsListed;

/** Channels only the preload's own methods call; `invoke` refuses them (the renderer would name any path). */
export const PRELOAD_ONLY_CHANNELS = ['files.readDropped'] as const satisfies readonly InvokeChannel[];

/** What the preload exposes as `window.api`, and what the test bridge reproduces. */
export interface RendererApi {
  invoke<K extends InvokeChannel>(channel: K, arg: InvokeArg<K>): Promise<InvokeResult<K>>;
  on<K extends EventChannel>(channel: K, listener: (payload: EventMap[K]) => void): () => void;
  /**
   * Reads dropped File objects in main by their paths on disk, with the picker's checks (regular
   * files only, links kept inside a dropped folder). Absent where no path is known (the browser
   * dev host): the renderer then reads the File objects itself. `files` are DOM File objects
   * (shared/ has no DOM types).
   */
  readDroppedFiles?(files: readonly unknown[]): Promise<ReadDroppedResult>;
}

/** The handler side: one async function per channel, plain Node, no electron import. */
export type InvokeHandlers = { [K in InvokeChannel]: (arg: InvokeArg<K>) => Promise<InvokeResult<K>> };
