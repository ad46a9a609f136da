import Dexie, { type EntityTable } from 'dexie';
import type { Dataset, Dialogue, SourceRecord, Turn } from '../../../shared/model/dataset';
import type { DialogueReview, FieldReview, TurnReview } from '../../../shared/model/review';
import { schemaV1 } from './schema';

/** One row per change the expert made, never rewritten: the audit trail behind undo and provenance. */
export interface EditLogEntry {
  seq?: number;
  dialogueId: string;
  /** what changed: a field value, a turn's verified flag, or the dialogue's status */
  target: { kind: 'field'; turnId: string; fieldId: string } | { kind: 'turn'; turnId: string } | { kind: 'dialogue' };
  before: unknown;
  after: unknown;
  reviewer: string;
  at: string;
}

export interface SettingRow {
  key: string;
  value: unknown;
}

export class MaieuticDb extends Dexie {
  datasets!: EntityTable<Dataset, 'id'>;
  sources!: EntityTable<SourceRecord, 'id'>;
  dialogues!: EntityTable<Dialogue, 'id'>;
  turns!: EntityTable<Turn, 'id'>;
  fieldReviews!: EntityTable<FieldReview, 'id'>;
  turnReviews!: EntityTable<TurnReview, 'id'>;
  dialogueReviews!: EntityTable<DialogueReview, 'id'>;
  editLog!: EntityTable<EditLogEntry, 'seq'>;
  settings!: EntityTable<SettingRow, 'key'>;

  constructor(name = 'maieutic') {
    super(name);
    this.version(1).stores(schemaV1);
  }
}

let instance: MaieuticDb | null = null;

/** The app's database. Tests create their own `new MaieuticDb(uniqueName)` with fake-indexeddb. */
export function getDb(): MaieuticDb {
  instance ??= new MaieuticDb();
  return instance;
}
