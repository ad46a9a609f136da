/** Backups and project files restored (Settings → Backups): crafted rows, tables, schema versions, damaged files. */
import { join, writeBytes } from '../builders';
import { backupFile, baseTables, type BackupFileOptions, type Rows } from '../backup-files';
import type { Expectation, FaultKind } from './kind';

/** A backup restored (Settings → Backups): the generated database's rows changed by `change`, refused before anything is written unless expected accepted. */
const backup = (id: string, expect: Expectation, change: (rows: Rows) => void, options: BackupFileOptions = {}, extra: Partial<FaultKind> = {}): FaultKind => ({
  id,
  expect,
  cli: null,
  app: false,
  restore: true,
  build: (dir) => {
    const rows = baseTables();
    change(rows);
    return writeBytes(join(dir, 'crafted.maieutic'), backupFile(rows, options));
  },
  ...extra,
});
const DEEP = 100_000;

export const RESTORE_KINDS: readonly FaultKind[] = [
  backup('restore/valid', 'accepted', () => undefined),
  backup('restore/html-in-a-data-set-name', 'accepted', (rows) => void (rows.datasets![0]!.name = '<img src=x onerror=alert(1)>')),
  backup('restore/number-for-a-codebook-id', 'refused', (rows) => void (rows.datasets![0]!.codebookId = 12345), {}, { mentions: ['datasets', 'codebookId'] }),
  backup('restore/created-at-never', 'refused', (rows) => void (rows.datasets![0]!.createdAt = 'never'), {}, { mentions: ['createdAt'] }),
  backup('restore/name-the-rename-rules-refuse', 'refused', (rows) => void (rows.datasets![0]!.name = `  ${'名'.repeat(300)}  `), {}, { mentions: ['name'] }),
  backup('restore/review-of-a-turn-not-in-the-file', 'refused', (rows) => {
    const review = rows.fieldReviews![0]!;
    const turnId = `${String(review.dialogueId)}#999`;
    Object.assign(review, { turnId, id: `${turnId}|${String(review.fieldId)}` });
  }, {}, { mentions: ['turnId'] }),
  backup('restore/layer-value-of-a-missing-layer', 'refused', (rows) => {
    const row = rows.layerValues![0]!;
    Object.assign(row, { layerId: 'gone', id: `gone|${String(row.turnId)}` });
  }, {}, { mentions: ['layerId'] }),
  backup('restore/unknown-field', 'refused', (rows) => void (rows.annotators![0]!.isAdmin = true), {}, { mentions: ['isAdmin'] }),
  backup('restore/missing-table', 'refused', (rows) => void delete rows.layers, { tables: ({ layers: _layers, ...rest }) => rest }, { mentions: ['layers'] }),
  backup('restore/table-of-no-version', 'refused', (rows) => void (rows.strangers = [{ id: 'x' }]), {}, { mentions: ['strangers'] }),
  backup('restore/duplicate-ids', 'refused', (rows) => void rows.annotators!.push({ ...rows.annotators!.at(-1)! }), {}, { mentions: ['annotators'] }),
  backup('restore/100000-deep-nesting', 'refused', (rows) => void rows.settings!.push({ key: 'zz-deep', value: 'DEEP' }), { text: { settings: (encoded) => encoded.replace('"DEEP"', `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`) } }, { mentions: ['deeper'] }),
  backup('restore/huge-row', 'refused', (rows) => void (rows.drafts![0]!.text = 'x'.repeat(33 * 1024 * 1024)), {}, { mentions: ['larger'] }),
  backup('restore/damaged-turn-block', 'refused', (rows) => void (rows.turnBlocks![0]!.turnCounts = Int32Array.from([2 ** 30])), {}, { mentions: ['turnBlocks'] }),
  backup('restore/newer-schema', 'refused', () => undefined, { schemaVersion: 999 }, { mentions: ['newer'] }),
  backup('restore/truncated-no-manifest', 'refused', () => undefined, { truncated: true }, { mentions: ['truncated'] }),
  { id: 'restore/not-gzip', expect: 'refused', cli: null, app: false, restore: true, build: (dir) => writeBytes(join(dir, 'crafted.maieutic'), '{"format":"maieutic-backup"}\n'), mentions: ['damaged'] },
];

