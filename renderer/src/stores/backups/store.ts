/**
 * Backups (issue 12): the list of backups in the data folder, "back up now", restore, project
 * export / import, the settings (keep N, schedule) and the schedule itself (only after a change).
 */
import { create } from 'zustand';
import type { BackupInfo, BackupReason } from '../../../../shared/backup/manifest';
import { hasBridge, invoke, MainReasonError } from '../../api/client';
import type { JobReason } from '../../../../shared/jobs';
import { dbChangeGeneration, getDb, MaieuticDb, releaseDb } from '../../db/db';
import { DEFAULT_BACKUP_SETTINGS, loadBackupSettings, logRestore, saveBackupSettings, type BackupSettings } from '../../db/backup/backup-settings';
import { errorMessage } from '../../db/errors';
import { RestoreRefusedError, type RestoreProblem } from '../../db/backup/restore-check';
import { useSettingsStore } from '../settings/store';
import { restoreFlow, writeBackup, type WriteOutcome } from './run';

export interface BackupsState {
  backups: BackupInfo[];
  settings: BackupSettings;
  /** what is running: a backup, a restore, an export or import */
  busy: null | 'backup' | 'restore' | 'export' | 'import';
  error: string | null;
  /** the error's code when main sent one (a full disk): worded in the reader's language, `error` beside it */
  errorWhy: JobReason | null;
  /** the last backup or project file refused before anything was written, with its first problems */
  refusal: { file: string; problems: RestoreProblem[]; total: number } | null;
  /** the last thing done, for the status line */
  message: string | null;
  refresh(): Promise<void>;
  backUp(reason: BackupReason): Promise<WriteOutcome | null>;
  restore(name: string): Promise<boolean>;
  exportProject(): Promise<WriteOutcome | null>;
  importProject(): Promise<boolean>;
  saveSettings(settings: BackupSettings): Promise<boolean>;
}

let trackedDb: MaieuticDb | null = null;
/** the change generation at the last backup (or when tracking began: what was there is in the last session's backups) */
let backedUpAt = 0;

function changes(): number {
  const db = getDb();
  if (trackedDb !== db) {
    trackedDb = db;
    backedUpAt = dbChangeGeneration();
  }
  return dbChangeGeneration();
}

/** true when something was written since the last backup of this session (or since it started) */
export function changedSinceBackup(): boolean {
  return changes() > backedUpAt;
}

function afterRestore(): void {
  // Every store holds rows of the old database: start again from what was restored.
  if (typeof window !== 'undefined' && typeof window.location?.reload === 'function') window.location.reload();
}

const restoreDeps = (keep: number) => ({
  current: () => getDb(),
  release: releaseDb,
  reopen: async () => {
    const db = getDb();
    await db.open();
    return db;
  },
  log: (db: unknown, fileName: string) => logRestore(db as MaieuticDb, fileName, useSettingsStore.getState().reviewerName),
  keep,
});

const failure = (error: unknown): Pick<BackupsState, 'error' | 'errorWhy'> => ({ error: errorMessage(error), errorWhy: error instanceof MainReasonError ? error.why : null });

export const useBackupsStore = create<BackupsState>()((set, get) => {
  const run = async <T,>(busy: NonNullable<BackupsState['busy']>, work: () => Promise<T>): Promise<T | null> => {
    if (get().busy) return null;
    set({ busy, error: null, errorWhy: null, refusal: null });
    try {
      return await work();
    } catch (error) {
      if (error instanceof RestoreRefusedError) set({ refusal: { file: error.file, problems: error.problems, total: error.total } });
      else set(failure(error));
      return null;
    } finally {
      set({ busy: null });
    }
  };

  return {
    backups: [],
    settings: DEFAULT_BACKUP_SETTINGS,
    busy: null,
    error: null,
    errorWhy: null,
    refusal: null,
    message: null,
    async refresh() {
      try {
        const [backups, settings] = await Promise.all([invoke('backups.list', {}), loadBackupSettings(getDb())]);
        set({ backups, settings });
      } catch (error) {
        set(failure(error));
      }
    },
    async backUp(reason) {
      const outcome = await run('backup', async () => {
        const generation = changes();
        const result = await writeBackup(getDb(), reason, { keep: get().settings.keep, changeGeneration: dbChangeGeneration });
        if (!result.canceled) {
          backedUpAt = generation;
          set({ message: result.name });
        }
        return result;
      });
      await get().refresh();
      return outcome;
    },
    async restore(name) {
      const done = await run('restore', () => restoreFlow({ name }, restoreDeps(get().settings.keep)));
      if (done && !done.canceled) afterRestore();
      return Boolean(done && !done.canceled);
    },
    async exportProject() {
      const stamp = new Date().toISOString().slice(0, 10);
      const outcome = await run('export', () => writeBackup(getDb(), 'project', { keep: get().settings.keep, project: { defaultName: `maieutic-project-${stamp}.maieutic` } }));
      if (outcome && !outcome.canceled) set({ message: outcome.name });
      return outcome;
    },
    async importProject() {
      const done = await run('import', () => restoreFlow({ project: true }, restoreDeps(get().settings.keep)));
      if (done && !done.canceled) afterRestore();
      return Boolean(done && !done.canceled);
    },
    async saveSettings(settings) {
      try {
        await saveBackupSettings(getDb(), settings);
        set({ settings, error: null, errorWhy: null });
        return true;
      } catch (error) {
        set(failure(error));
        return false;
      }
    },
  };
});

/**
 * The schedule: every minute, a backup when the interval has passed since the last one and
 * something changed. Returns the stop function.
 */
export function startBackupSchedule(): () => void {
  if (!hasBridge()) return () => {};
  let last = Date.now();
  void loadBackupSettings(getDb()).then((settings) => useBackupsStore.setState({ settings })).catch(() => undefined);
  changes();
  const timer = setInterval(() => {
    const { settings, busy } = useBackupsStore.getState();
    if (busy || settings.intervalMinutes <= 0) return;
    if (Date.now() - last < settings.intervalMinutes * 60_000) return;
    if (!changedSinceBackup()) return;
    last = Date.now();
    void useBackupsStore.getState().backUp('scheduled');
  }, 60_000);
  return () => clearInterval(timer);
}

/** The backup the close handshake waits for: null when done (or nothing changed), else why not. */
export async function backupOnQuit(timeoutMs = 8_000): Promise<string | null> {
  if (!hasBridge() || !changedSinceBackup()) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('The backup on quit did not finish in time. / 退出时的备份未能及时完成。'), timeoutMs);
  });
  const backup = useBackupsStore.getState().backUp('on-quit').then(() => {
    const error = useBackupsStore.getState().error;
    return error === null ? null : `The backup on quit failed: ${error} / 退出时的备份失败：${error}`;
  });
  try {
    return await Promise.race([backup, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
