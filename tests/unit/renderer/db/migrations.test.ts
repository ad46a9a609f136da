import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { MaieuticDb } from '../../../../renderer/src/db/db';
import { CURRENT_SCHEMA_VERSION, schemaV1 } from '../../../../renderer/src/db/schema';
import type { Dataset, Dialogue, SourceRecord, Turn } from '../../../../shared/model/dataset';
import type { DialogueReview, FieldReview, TurnReview } from '../../../../shared/model/review';

/**
 * Migration harness: open the database as an older release wrote it, seed rows, close, then
 * open it with today's MaieuticDb and check that every row is still there (and upgraded).
 * A new schema version adds one case to MIGRATION_CASES; shipped cases are never edited.
 */
interface MigrationCase {
  /** the version the seeded database was written with */
  fromVersion: number;
  /** the schema chain of that release, oldest first */
  schemas: readonly Record<string, string>[];
  seed(db: Dexie): Promise<void>;
  check(db: MaieuticDb): Promise<void>;
}

const AT = '2026-11-29T12:00:00.000Z';
const dataset: Dataset = { id: 'ds1', name: '试点', createdAt: AT, codebookId: 'sid-default' };
const source: SourceRecord = {
  id: 'src1', datasetId: 'ds1', file: 'GPT-4o/a.jsonl', format: 'sid-jsonl', contentHash: 'abc', teacherModel: 'GPT-4o',
  importedAt: AT, dialogues: 1, turns: 1, warnings: 0,
};
const dialogue: Dialogue = {
  id: 'src1:1', datasetId: 'ds1', sourceId: 'src1', externalId: '7-3-1', teacherModel: 'GPT-4o', topicId: '7', topicText: '校园生态',
  studentId: '3', studentType: '知识掌握不足', scenario: '课堂探究', repeatId: '1', turnCount: 1, flaggedCount: 1,
  file: 'GPT-4o/a.jsonl', line: 1, extra: { model_version: 'x' }, unaligned: [],
};
const turn: Turn = {
  id: 'src1:1#0', dialogueId: 'src1:1', index: 0, speaker: 'student', speakerRaw: '学生', utterance: '为什么？', endMarker: false,
  pre: { cognitive_level: { raw: '理解（Understand）', codes: [], unknown: ['理解（Understand）'], status: 'unknown' } },
  alignment: 'exact', fragments: 1,
};
const fieldReview: FieldReview = {
  id: 'src1:1#0|cognitive_level', turnId: 'src1:1#0', dialogueId: 'src1:1', fieldId: 'cognitive_level', decision: 'changed',
  codes: ['understand'], text: null, reviewer: 'Li', at: AT,
};
const turnReview: TurnReview = { id: 'src1:1#0', dialogueId: 'src1:1', verified: true, reviewer: 'Li', at: AT };
const dialogueReview: DialogueReview = { id: 'src1:1', status: 'verified', reviewer: 'Li', at: AT };

const MIGRATION_CASES: MigrationCase[] = [
  {
    fromVersion: 1,
    schemas: [schemaV1],
    async seed(db) {
      await db.table('datasets').add(dataset);
      await db.table('sources').add(source);
      await db.table('dialogues').add(dialogue);
      await db.table('turns').add(turn);
      await db.table('fieldReviews').add(fieldReview);
      await db.table('turnReviews').add(turnReview);
      await db.table('dialogueReviews').add(dialogueReview);
      await db.table('editLog').add({ dialogueId: 'src1:1', target: { kind: 'dialogue' }, before: 'unreviewed', after: 'verified', reviewer: 'Li', at: AT });
      await db.table('settings').bulkAdd([{ key: 'reviewerName', value: 'Li' }, { key: 'labelLanguage', value: 'zh' }]);
    },
    async check(db) {
      expect(await db.datasets.get('ds1')).toEqual(dataset);
      expect(await db.sources.where('contentHash').equals('abc').toArray()).toEqual([source]);
      expect(await db.dialogues.where('datasetId').equals('ds1').toArray()).toEqual([dialogue]);
      expect(await db.turns.where('dialogueId').equals('src1:1').toArray()).toEqual([turn]);
      expect(await db.fieldReviews.where('turnId').equals('src1:1#0').toArray()).toEqual([fieldReview]);
      expect(await db.turnReviews.get('src1:1#0')).toEqual(turnReview);
      expect(await db.dialogueReviews.get('src1:1')).toEqual(dialogueReview);
      expect(await db.editLog.where('dialogueId').equals('src1:1').count()).toBe(1);
      expect(await db.settings.get('reviewerName')).toEqual({ key: 'reviewerName', value: 'Li' });
    },
  },
];

let counter = 0;

describe('Dexie migrations', () => {
  it('has a case for every version up to the current one', () => {
    expect(MIGRATION_CASES.map((item) => item.fromVersion)).toEqual(Array.from({ length: CURRENT_SCHEMA_VERSION }, (_, index) => index + 1));
  });

  for (const migration of MIGRATION_CASES) {
    it(`opens a v${migration.fromVersion} database with the current schema and keeps its rows`, async () => {
      counter += 1;
      const name = `migration-${migration.fromVersion}-${counter}`;
      const old = new Dexie(name);
      migration.schemas.forEach((schema, index) => old.version(index + 1).stores(schema));
      await old.open();
      await migration.seed(old);
      old.close();

      const current = new MaieuticDb(name);
      await current.open();
      expect(current.verno).toBe(CURRENT_SCHEMA_VERSION);
      await migration.check(current);
      current.close();
      await Dexie.delete(name);
    });
  }
});
