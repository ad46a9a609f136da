/**
 * A backup or project file checked whole before a restore writes anything: every row of every
 * table against its table's rule (row-checks/index.ts, the rules the repositories write by), its
 * key present and after the one before it (the app writes each table in key order, so a key
 * repeated or out of order is a file it did not write), every table of the file's schema version
 * listed and none else, and every row another row names in the file. Rows arrive chunk by chunk
 * and are not kept: what stays is one key per table and the keys rows may name (data sets,
 * dialogues with their turn counts, layers…), with the references not yet resolved.
 */
import { cmp } from 'dexie';
import { rowLimitProblem } from '../../../../shared/backup/row-limits';
import { decodeRows } from '../../../../shared/backup/row-codec';
import type { UnsendableRow } from '../../../../shared/ipc/contract';
import { ROW_PROBLEM_CODES, RowProblem, tableRule, type ReferenceKind, type TableRule } from '../repositories/row-checks';
import { parseTurnId } from '../turn-packing';

/** How many problems a refusal lists (it counts them all). */
export const MAX_LISTED_PROBLEMS = 10;

export const RESTORE_PROBLEM_CODES = [
  ...ROW_PROBLEM_CODES,
  'missing-table',
  'unknown-table',
  /** the row's key (its id) is absent or not a key */
  'no-key',
  'duplicate-key',
  'out-of-order',
  /** names a row of another table the file does not hold */
  'unknown-reference',
  /** a dialogue whose turns the file does not hold, or not as many as it says */
  'missing-turns',
  'too-deep',
  'too-large',
  /** the row cannot be read back (an unknown tag of the row codec) */
  'unreadable',
] as const;

export type RestoreProblemCode = (typeof RESTORE_PROBLEM_CODES)[number];

export interface RestoreProblem {
  table: string;
  /** 1-based position of the row in its table (0: about the table) */
  row: number;
  /** the row's key, when it has one */
  id: string | null;
  /** the field, as a path in the row ('' for the row or the table) */
  field: string;
  code: RestoreProblemCode;
  params: Record<string, string | number>;
  /** in English, for copying */
  detail: string;
}

/** The file was refused: nothing was written. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
  constructor(readonly file: string, readonly problems: RestoreProblem[], readonly total: number) {
    super(`${file} was not restored: ${total} problem${total === 1 ? '' : 's'}, nothing was written. ${problems.map(problemLine).join(' ')}`);
  }
}

export function problemLine(problem: RestoreProblem): string {
  const where = problem.row === 0 ? problem.table : `${problem.table} row ${problem.row}${problem.id !== null ? ` (${problem.id})` : ''}`;
  return `${where}${problem.field ? `, ${problem.field}` : ''}: ${problem.detail}`;
}

/** A table's key path as a schema version's store spec names it (`++seq, at` → seq). */
export function keyPathOf(spec: string): string {
  return spec.split(',')[0]!.trim().replace(/^\+\+/, '');
}

const shortKey = (key: unknown) => {
  const text = typeof key === 'string' ? key : JSON.stringify(key) ?? String(key);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
};

interface FirstUse {
  table: string;
  row: number;
  id: string | null;
  field: string;
}

export class RestoreCheck {
  private readonly problems: RestoreProblem[] = [];
  private total = 0;
  private readonly rows = new Map<string, number>();
  private readonly lastKey = new Map<string, unknown>();
  private readonly known = new Map<ReferenceKind, Set<string>>();
  private readonly dialogueTurns = new Map<string, number>();
  private readonly storedTurns = new Map<string, number>();
  private readonly pending = new Map<string, FirstUse>();

  constructor(private readonly stores: Record<string, string>, manifestTables: Record<string, number>) {
    for (const table of Object.keys(stores)) if (!(table in manifestTables)) this.add({ table, row: 0, id: null, field: '', code: 'missing-table', params: { table }, detail: `the file lists no table ${table} of its database version` });
    for (const table of Object.keys(manifestTables)) if (!(table in stores)) this.add({ table, row: 0, id: null, field: '', code: 'unknown-table', params: { table }, detail: `${table} is not a table of the file's database version` });
  }

  /** One chunk as main sent it (encoded rows; null in place of a row main would not send). */
  addChunk(table: string, encoded: unknown[], unsendable: readonly UnsendableRow[] = []): void {
    const spec = this.stores[table];
    if (spec === undefined) return;
    const rule = tableRule(table);
    const keyPath = keyPathOf(spec);
    const notSent = new Map(unsendable.map((entry) => [entry.index, entry]));
    encoded.forEach((value, index) => {
      const row = (this.rows.get(table) ?? 0) + 1;
      this.rows.set(table, row);
      const at = { table, row, id: null as string | null, field: '' };
      const limit = notSent.get(index) ?? rowLimitProblem(value);
      if (limit) {
        this.add({ ...at, code: limit.problem, params: { limit: limit.limit }, detail: limit.problem === 'too-deep' ? `nests deeper than ${limit.limit} levels` : `is larger than ${limit.limit} characters` });
        return;
      }
      let decoded: unknown;
      try {
        [decoded] = decodeRows([value]);
      } catch (error) {
        this.add({ ...at, code: 'unreadable', params: {}, detail: error instanceof Error ? error.message : String(error) });
        return;
      }
      this.checkRow(table, keyPath, rule, decoded, at);
    });
  }

  private checkRow(table: string, keyPath: string, rule: TableRule | undefined, row: unknown, at: Omit<RestoreProblem, 'code' | 'params' | 'detail'>): void {
    const key = typeof row === 'object' && row !== null ? (row as Record<string, unknown>)[keyPath] : undefined;
    const keyOk = (typeof key === 'string' && key !== '') || (typeof key === 'number' && Number.isFinite(key));
    at.id = keyOk ? shortKey(key) : null;
    if (!keyOk) {
      this.add({ ...at, field: keyPath, code: 'no-key', params: { field: keyPath }, detail: `has no ${keyPath} (its key)` });
      return;
    }
    const last = this.lastKey.get(table);
    if (last !== undefined) {
      const order = cmp(last, key);
      if (order === 0) this.add({ ...at, field: keyPath, code: 'duplicate-key', params: { key: shortKey(key) }, detail: `has the same ${keyPath} as the row before it` });
      else if (order > 0) this.add({ ...at, field: keyPath, code: 'out-of-order', params: { key: shortKey(key) }, detail: `comes after ${shortKey(last)} though the app writes a table in key order` });
    }
    this.lastKey.set(table, key);
    if (!rule) return;
    let valid = true;
    try {
      rule.check(row, '');
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      this.add({ ...at, field: error.field, code: error.code, params: error.params, detail: error.message.startsWith(`${error.field}: `) ? error.message.slice(error.field.length + 2) : error.message });
      valid = false;
    }
    // a refused row is still there for the rows naming it: one problem is named once, not again by each of them
    try {
      for (const provided of rule.provides?.(row as never) ?? []) {
        this.knownOf(provided.kind).add(provided.key);
        if (provided.turnCount !== undefined) this.dialogueTurns.set(provided.key, provided.turnCount);
        for (const [dialogueId, count] of provided.turns ?? []) this.storedTurns.set(dialogueId, (this.storedTurns.get(dialogueId) ?? 0) + count);
      }
    } catch {
      // what a malformed row would name is left out; the row is refused already
    }
    if (!valid) return;
    for (const reference of rule.refs?.(row as never) ?? []) {
      const pendingKey = `${reference.kind}\u0000${reference.key}`;
      if (!this.pending.has(pendingKey)) this.pending.set(pendingKey, { ...at, field: reference.field });
    }
  }

  private knownOf(kind: ReferenceKind): Set<string> {
    let set = this.known.get(kind);
    if (!set) this.known.set(kind, (set = new Set()));
    return set;
  }

  private resolves(kind: ReferenceKind, key: string): boolean {
    if (kind !== 'turn') return this.knownOf(kind).has(key);
    const turn = parseTurnId(key);
    return turn !== null && turn.index < (this.storedTurns.get(turn.dialogueId) ?? 0);
  }

  private add(problem: RestoreProblem): void {
    this.total += 1;
    if (this.problems.length < MAX_LISTED_PROBLEMS) this.problems.push(problem);
  }

  /** Everything read: the references resolved, the dialogues' turns counted; the first problems and how many there are. */
  finish(): { problems: RestoreProblem[]; total: number } {
    for (const [pendingKey, use] of this.pending) {
      const [kind, key] = pendingKey.split('\u0000') as [ReferenceKind, string];
      if (!this.resolves(kind, key)) this.add({ ...use, code: 'unknown-reference', params: { kind, key: shortKey(key) }, detail: `names ${kind} ${shortKey(key)}, which the file does not hold` });
    }
    if (this.stores.dialogues !== undefined) {
      for (const [dialogueId, turnCount] of this.dialogueTurns) {
        const stored = this.storedTurns.get(dialogueId) ?? 0;
        if (stored !== turnCount) this.add({ table: 'dialogues', row: 0, id: shortKey(dialogueId), field: 'turnCount', code: 'missing-turns', params: { stored, turnCount }, detail: `dialogue ${shortKey(dialogueId)} has ${turnCount} turns, the file holds ${stored}` });
      }
    }
    return { problems: this.problems, total: this.total };
  }
}
