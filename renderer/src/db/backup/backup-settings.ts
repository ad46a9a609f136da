/** The backup settings (settings table, `backup.*` keys: this machine's, see local-settings.ts) and the restore's audit entries. */
import type Dexie from 'dexie';
import type { MaieuticDb } from '../db';
import { restoredEntries } from '../../../../shared/audit/entries';
import { checkedRows } from '../repositories/row-checks';

export interface BackupSettings {
  /** how many backups the folder keeps */
  keep: number;
  /** minutes between scheduled backups while the app is open (only after a change); 0 = never */
  intervalMinutes: number;
}

export const DEFAULT_BACKUP_SETTINGS: BackupSettings = { keep: 20, intervalMinutes: 30 };

const KEEP_KEY = 'backup.keep';
const INTERVAL_KEY = 'backup.intervalMinutes';

function wholeIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

export async function loadBackupSettings(db: MaieuticDb): Promise<BackupSettings> {
  const [keep, interval] = await db.settings.bulkGet([KEEP_KEY, INTERVAL_KEY]);
  return {
    keep: wholeIn(keep?.value, 1, 1000) ? keep.value : DEFAULT_BACKUP_SETTINGS.keep,
    intervalMinutes: wholeIn(interval?.value, 0, 24 * 60) ? interval.value : DEFAULT_BACKUP_SETTINGS.intervalMinutes,
  };
}

export async function saveBackupSettings(db: MaieuticDb, settings: BackupSettings): Promise<void> {
  if (!wholeIn(settings.keep, 1, 1000)) throw new Error('Keep between 1 and 1000 backups. / 保留的备份数须在 1 到 1000 之间。');
  if (!wholeIn(settings.intervalMinutes, 0, 24 * 60)) throw new Error('The interval is a whole number of minutes (0 = never). / 间隔须为整数分钟（0 表示不自动备份）。');
  await db.settings.bulkPut(checkedRows('settings', [{ key: KEEP_KEY, value: settings.keep }, { key: INTERVAL_KEY, value: settings.intervalMinutes }]));
}

/** One audit entry per data set after a restore: target dataset, reason 'restored', the file as note. */
export async function logRestore(db: MaieuticDb, fileName: string, reviewer: string, at = new Date().toISOString()): Promise<number> {
  const datasets = await db.datasets.toArray();
  await db.editLog.bulkAdd(checkedRows('editLog', restoredEntries({ reviewer, at, note: fileName }, datasets.map((dataset) => dataset.id))));
  return datasets.length;
}

/**
 * Marks the database changed on every write (a DBCore middleware), so the schedule backs up only
 * after something changed. `generation()` grows with each write.
 */
export function trackChanges(db: Dexie): { generation(): number } {
  let generation = 0;
  db.use({
    stack: 'dbcore',
    name: 'backup-change-tracker',
    create(down) {
      return {
        ...down,
        table(name) {
          const table = down.table(name);
          return {
            ...table,
            mutate(request) {
              generation += 1;
              return table.mutate(request);
            },
          };
        },
      };
    },
  });
  return { generation: () => generation };
}
