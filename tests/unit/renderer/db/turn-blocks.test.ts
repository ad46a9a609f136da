import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { parseSourceFile } from '../../../../shared/import';
import type { Turn } from '../../../../shared/model/dataset';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { sourceIdsOf, turnsBySource } from '../../../../renderer/src/db/repositories/by-source';
import { deleteDataset } from '../../../../renderer/src/db/repositories/datasets';
import { importParsedFiles } from '../../../../renderer/src/db/repositories/import';
import { countStoredTurns, deleteTurnsOf, getTurn, getTurns, listTurns, putDialogueTurns, turnsOfDialogues } from '../../../../renderer/src/db/repositories/turns';
import { BLOCK_MAX_DIALOGUES, BLOCK_MAX_TURNS, packTurnBlock, packTurnBlocks, unpackBlockDialogue, unpackTurnBlock } from '../../../../renderer/src/db/turn-blocks';
import { seededRandom } from '../../../../shared/metrics/random';
import { generateSidJsonl } from '../../../bench/generate';
import { importTurnRowsV4, TurnRowsV4Db, turnsBySourceV4 } from '../../../support/reference/turn-rows-v4';
import { dialogue, freshDb, parsedFile, turn } from '../fixtures';

const NEW = { kind: 'new', name: 'Pilot', codebookId: 'sid-default' } as const;
let opened: { delete(): Promise<void> }[] = [];

afterEach(async () => {
  await Promise.all(opened.map((db) => db.delete()));
  opened = [];
});

function open(): MaieuticDb {
  const db = freshDb();
  opened.push(db);
  return db;
}

/** `count` turns of one dialogue, with values the generator never makes. */
function turnsOf(dialogueId: string, count: number, tag = ''): Turn[] {
  return Array.from({ length: count }, (_, index) => ({
    ...turn(index, {
      teacher_intent: { raw: `意图${tag}${index % 3}`, codes: index % 2 ? ['elicit'] : [], unknown: index % 3 ? [] : [`😀${tag}`], status: index % 2 ? 'ok' : 'unknown' },
      ...(index === 1 ? { ['__proto__']: { raw: 'proto', codes: [], unknown: [], status: 'empty' as const } } : {}),
    }),
    utterance: `${dialogueId} ${tag} 第${index}句 \u202e`,
    id: `${dialogueId}#${index}`,
    dialogueId,
  }));
}

/** Random dialogues of a few sources with 0–12 turns each, from one seed. */
function randomDialogues(seed: number, count: number): [string, Turn[]][] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, k) => {
    const dialogueId = `src${Math.floor(random() * 3)}:${k + 1}`;
    return [dialogueId, turnsOf(dialogueId, Math.floor(random() * 13), String(seed))];
  });
}

describe('packTurnBlock / unpackTurnBlock', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`round-trips every dialogue of random blocks exactly, seed ${seed}`, () => {
      const dialogues = randomDialogues(seed, 400);
      const blocks = packTurnBlocks(dialogues);
      const read = new Map<string, Turn[]>();
      for (const block of blocks) unpackTurnBlock(block, read);
      expect(read).toStrictEqual(new Map(dialogues));
      expect(JSON.stringify([...read].sort())).toBe(JSON.stringify([...new Map(dialogues)].sort()));
      for (const block of blocks) {
        // one source per block, keyed by its first dialogue, within the limits, each string once
        expect(new Set(block.dialogueIds.map((id) => id.split(':')[0])).size).toBe(1);
        expect(block.id).toBe(block.dialogueIds[0]);
        expect(block.dialogueIds.length).toBeLessThanOrEqual(BLOCK_MAX_DIALOGUES);
        expect(block.dialogueIds.length === 1 || block.turnCount <= BLOCK_MAX_TURNS).toBe(true);
        expect(new Set(block.strings).size).toBe(block.strings.length);
        // each distinct field value once: as many records as distinct (field, value) pairs
        const distinct = new Set(block.dialogueIds.flatMap((id) => read.get(id)!.flatMap((t) => Object.entries(t.pre).map(([fieldId, value]) => JSON.stringify([fieldId, value])))));
        let records = 0;
        for (let at = 0; at < block.fieldValues.length; records++) at += 5 + block.fieldValues[at + 3] + block.fieldValues[at + 4 + block.fieldValues[at + 3]];
        expect(records).toBe(distinct.size);
        block.dialogueIds.forEach((id, position) => expect(unpackBlockDialogue(block, position)).toStrictEqual(read.get(id)));
      }
    });
  }

  it('closes a block at the dialogue limit and at the turn limit, never splitting a dialogue', () => {
    const many = Array.from({ length: BLOCK_MAX_DIALOGUES * 2 + 1 }, (_, k): [string, Turn[]] => [`s:${k}`, turnsOf(`s:${k}`, 1)]);
    expect(packTurnBlocks(many).map((block) => block.dialogueIds.length)).toEqual([BLOCK_MAX_DIALOGUES, BLOCK_MAX_DIALOGUES, 1]);
    const long = [3000, 10, BLOCK_MAX_TURNS - 10, 11].map((count, k): [string, Turn[]] => [`s:${k}`, turnsOf(`s:${k}`, count)]);
    expect(packTurnBlocks(long).map((block) => block.dialogueIds)).toEqual([['s:0'], ['s:1', 's:2'], ['s:3']]);
  });

  it('gives fresh arrays per turn even where dialogues share strings', () => {
    const block = packTurnBlock([['s:1', turnsOf('s:1', 3)], ['s:2', turnsOf('s:2', 3)]]);
    const read = new Map<string, Turn[]>();
    unpackTurnBlock(block, read);
    read.get('s:1')![1].pre.teacher_intent.codes.push('changed');
    expect(read.get('s:2')![1].pre.teacher_intent.codes).toEqual(['elicit']);
    expect(unpackBlockDialogue(block, 0)[1].pre.teacher_intent.codes).toEqual(['elicit']);
  });

  it('refuses an empty block, two sources, a dialogue twice, and names a damaged block', () => {
    expect(() => packTurnBlock([])).toThrow(/at least one/);
    expect(() => packTurnBlock([['a:1', turnsOf('a:1', 1)], ['b:1', turnsOf('b:1', 1)]])).toThrow(/another source/);
    expect(() => packTurnBlock([['a:1', turnsOf('a:1', 1)], ['a:1', turnsOf('a:1', 1)]])).toThrow(/twice/);
    expect(() => packTurnBlock([['a:1', turnsOf('a:2', 1)]])).toThrow(/cannot be stored/);
    const block = packTurnBlock([['a:1', turnsOf('a:1', 2)], ['a:2', turnsOf('a:2', 2)]]);
    expect(() => unpackTurnBlock({ ...block, layout: Int32Array.from([...block.layout, 0]) }, new Map())).toThrow(/damaged/);
    expect(() => unpackBlockDialogue({ ...block, turnCounts: Int32Array.from([2, 3]) }, 1)).toThrow(/damaged/);
    expect(() => unpackTurnBlock({ ...block, layoutEnds: Int32Array.from([block.layoutEnds[0] + 1, block.layoutEnds[1]]) }, new Map())).toThrow(/damaged/);
    expect(() => unpackTurnBlock({ ...block, fieldValues: block.fieldValues.subarray(0, 3) }, new Map())).toThrow(/damaged/);
    expect(() => unpackTurnBlock({ ...block, layout: block.layout.map((n, i) => (i === 7 ? 1e6 : n)) }, new Map())).toThrow(/damaged/);
  });
});

describe('turn blocks through the repositories', () => {
  it('a seeded data set of several blocks per source reads back exactly as the v4 turn rows did, in key order', async () => {
    const files = [generateSidJsonl({ dialogues: BLOCK_MAX_DIALOGUES * 2 + 45, seed: 21 }), generateSidJsonl({ dialogues: 3, seed: 22 })].map((text, index) => ({
      ...parseSourceFile({ name: `GPT-4o/f${index}.jsonl`, text }, { codebook: DEFAULT_CODEBOOK }),
      contentHash: `h${index}`,
    }));
    const db = open();
    const v4 = new TurnRowsV4Db(`v4-blocks-${process.pid}-${Date.now()}`);
    opened.push(v4);
    const imported = await importParsedFiles(db, NEW, files);
    const importedV4 = await importTurnRowsV4(v4, NEW, files);
    expect(await db.turnBlocks.count()).toBe(4);
    const read = await db.transaction('r', [db.sources, db.turnBlocks], async () => turnsBySource(db, await sourceIdsOf(db, imported.datasetId)));
    const reference = await turnsBySourceV4(v4, importedV4.sourceIds);
    const rename = (sourceIds: string[]) => (id: string) => sourceIds.reduce((text, sourceId, index) => text.replaceAll(sourceId, `source-${index}`), id);
    const canonical = (turns: Map<string, Turn[]>, sourceIds: string[]) => JSON.stringify([...turns].map(([id, list]) => [rename(sourceIds)(id), list.map((t) => ({ ...t, id: rename(sourceIds)(t.id), dialogueId: rename(sourceIds)(t.dialogueId) }))]).sort());
    expect(read.size).toBe(reference.size);
    expect(canonical(read, imported.sourceIds)).toBe(canonical(reference, importedV4.sourceIds));
    for (const [dialogueId, turns] of read) expect(turns).toStrictEqual(await listTurns(db, dialogueId));
    // each source's dialogues come out in key order, as one row per dialogue did
    for (const sourceId of imported.sourceIds) {
      const keys = [...read.keys()].filter((id) => id.startsWith(`${sourceId}:`));
      expect(keys).toEqual([...keys].sort());
    }
    expect(await countStoredTurns(db)).toBe(imported.turns);
  });

  it('putDialogueTurns replaces one dialogue of a block, adds new ones, and leaves the other dialogues as they were', async () => {
    const db = open();
    const { sourceIds } = await importParsedFiles(db, NEW, [parsedFile('a.jsonl', Array.from({ length: 5 }, (_, k) => dialogue(k + 1, 3)))]);
    const id = (line: number) => `${sourceIds[0]}:${line}`;
    const before = await turnsOfDialogues(db, [1, 2, 3, 4, 5].map(id));
    expect(await db.turnBlocks.count()).toBe(1);

    await putDialogueTurns(db, [...turnsOf(id(3), 5, 'x').reverse(), ...turnsOf(id(9), 2, 'new'), ...turnsOf('other:1', 1)]);
    expect(await listTurns(db, id(3))).toStrictEqual(turnsOf(id(3), 5, 'x'));
    expect(await listTurns(db, id(9))).toStrictEqual(turnsOf(id(9), 2, 'new'));
    expect(await listTurns(db, 'other:1')).toStrictEqual(turnsOf('other:1', 1));
    for (const line of [1, 2, 4, 5]) expect(await listTurns(db, id(line))).toStrictEqual(before.get(id(line)));
    await putDialogueTurns(db, turnsOf(id(3), 1, 'y'));
    expect(await listTurns(db, id(3))).toStrictEqual(turnsOf(id(3), 1, 'y'));
    expect(await getTurn(db, `${id(3)}#1`)).toBeUndefined();
    expect(await countStoredTurns(db)).toBe(4 * 3 + 1 + 2 + 1);
    // the dialogue stays in its block; the new ones got blocks of their own source
    const blocks = await db.turnBlocks.toArray();
    expect(blocks.map((block) => block.dialogueIds).sort()).toEqual([[1, 2, 3, 4, 5].map(id), [id(9)], ['other:1']].sort());
    const found = await getTurns(db, [`${id(3)}#0`, `${id(9)}#1`, 'other:1#0', `${id(5)}#2`, `${id(5)}#3`]);
    expect([...found.keys()]).toEqual([`${id(3)}#0`, `${id(9)}#1`, 'other:1#0', `${id(5)}#2`]);
  });

  it('deleteTurnsOf removes some dialogues of a block, the first one included, and whole blocks; deleteDataset leaves no block of its own and every block of another data set', async () => {
    const db = open();
    const { datasetId, sourceIds } = await importParsedFiles(db, NEW, [parsedFile('a.jsonl', Array.from({ length: BLOCK_MAX_DIALOGUES + 2 }, (_, k) => dialogue(k + 1, 2)))]);
    const all = await db.transaction('r', [db.sources, db.turnBlocks], () => turnsBySource(db, sourceIds));
    const keys = [...all.keys()];
    const blocks = await db.turnBlocks.toArray();
    expect(blocks.map((block) => block.dialogueIds.length)).toEqual([BLOCK_MAX_DIALOGUES, 2]);
    const gone = [blocks[0].id, blocks[0].dialogueIds[5], ...blocks[1].dialogueIds];
    await deleteTurnsOf(db, gone);
    const left = await db.transaction('r', [db.sources, db.turnBlocks], () => turnsBySource(db, sourceIds));
    expect(left).toStrictEqual(new Map(keys.filter((key) => !gone.includes(key)).map((key) => [key, all.get(key)])));
    expect(await db.turnBlocks.toCollection().primaryKeys()).toEqual([blocks[0].dialogueIds[1]]);
    for (const key of gone) expect(await listTurns(db, key)).toEqual([]);
    expect(await countStoredTurns(db)).toBe(2 * (BLOCK_MAX_DIALOGUES + 2 - gone.length));
    const other = await importParsedFiles(db, NEW, [parsedFile('b.jsonl', [dialogue(1, 3)])]);
    const otherTurns = await listTurns(db, `${other.sourceIds[0]}:1`);
    await deleteDataset(db, datasetId);
    // only the other data set's block is left, with its turns
    expect(await db.turnBlocks.toCollection().primaryKeys()).toEqual([`${other.sourceIds[0]}:1`]);
    expect(await listTurns(db, `${other.sourceIds[0]}:1`)).toStrictEqual(otherTurns);
    expect(otherTurns).toHaveLength(3);
  });
});
