/** Guards for the backup channels' untrusted arguments (see validate.ts). */
import { BACKUP_REASONS, parseManifest } from '../../../shared/backup/manifest';
import type { BackupBeginArgs, BackupChunkArgs, BackupCommitArgs, BackupOpenArgs } from '../../../shared/ipc/contract';
import { expectFileName, expectObject, expectOneOf, expectString } from './validate';

/** a table name as Dexie spells them */
const TABLE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const ID = /^[0-9a-f]{16}$/;

function expectId(channel: string, record: Record<string, unknown>, key: string): string {
  const id = expectString(channel, record, key);
  if (!ID.test(id)) throw new Error(`${channel}: "${key}" is not an id this app gave out`);
  return id;
}

export function parseBackupBeginArgs(value: unknown): BackupBeginArgs {
  const channel = 'backups.begin';
  const record = expectObject(channel, value, ['reason', 'project']);
  const reason = expectOneOf(channel, record, 'reason', BACKUP_REASONS);
  if (record.project === undefined) return { reason };
  const project = expectObject(channel, record.project, ['defaultName']);
  return { reason, project: { defaultName: expectFileName(channel, project, 'defaultName') } };
}

export function parseBackupChunkArgs(value: unknown): BackupChunkArgs {
  const channel = 'backups.chunk';
  const record = expectObject(channel, value, ['writeId', 'table', 'rows']);
  const table = expectString(channel, record, 'table');
  if (!TABLE_NAME.test(table)) throw new Error(`${channel}: "table" is not a table name`);
  return { writeId: expectId(channel, record, 'writeId'), table, rows: expectString(channel, record, 'rows') };
}

export function parseBackupCommitArgs(value: unknown): BackupCommitArgs {
  const channel = 'backups.commit';
  const record = expectObject(channel, value, ['writeId', 'manifest', 'keep']);
  const keep = record.keep;
  if (typeof keep !== 'number' || !Number.isInteger(keep) || keep < 1 || keep > 1000) {
    throw new Error(`${channel}: "keep" must be a whole number from 1 to 1000`);
  }
  return { writeId: expectId(channel, record, 'writeId'), manifest: parseManifest(record.manifest, channel), keep };
}

export function parseWriteRef(channel: string, value: unknown): { writeId: string } {
  return { writeId: expectId(channel, expectObject(channel, value, ['writeId']), 'writeId') };
}

export function parseReadRef(channel: string, value: unknown): { readId: string } {
  return { readId: expectId(channel, expectObject(channel, value, ['readId']), 'readId') };
}

export function parseBackupOpenArgs(value: unknown): BackupOpenArgs {
  const channel = 'backups.open';
  const record = expectObject(channel, value, ['name', 'project']);
  if (record.project === true && record.name === undefined) return { project: true };
  return { name: expectFileName(channel, record, 'name') };
}
