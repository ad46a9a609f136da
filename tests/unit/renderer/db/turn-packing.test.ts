import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { parseSourceFile } from '../../../../shared/import';
import type { FieldValue, ParsedFile, ParsedTurn, Turn } from '../../../../shared/model/dataset';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { sourceIdsOf, turnsBySource } from '../../../../renderer/src/db/repositories/by-source';
import { loadExportItems } from '../../../../renderer/src/db/repositories/export';
import { importParsedFiles } from '../../../../renderer/src/db/repositories/import';
import { storedDialoguesForLayer } from '../../../../renderer/src/db/repositories/layers';
import { getTurn, getTurns, listTurns } from '../../../../renderer/src/db/repositories/turns';
import { packTurns, parseTurnId, unpackTurns } from '../../../../renderer/src/db/turn-packing';
import { generateSidJsonl } from '../../../bench/generate';
import { importTurnRowsV4, TurnRowsV4Db, turnsBySourceV4 } from '../../../support/reference/turn-rows-v4';
import { dialogue, freshDb, parsedFile, turn } from '../fixtures';

const NEW = { kind: 'new', name: 'Pilot', codebookId: 'sid-default' } as const;
let opened: { delete(): Promise<void> }[] = [];

afterEach(async () => {
  await Promise.all(opened.map((db) => db.delete()));
  opened = [];
});

function generated(seed: number, dialogues: number): ParsedFile {
  return parseSourceFile({ name: 'GPT-4o/gen.jsonl', text: generateSidJsonl({ dialogues, seed }) }, { codebook: DEFAULT_CODEBOOK });
}

function fv(raw: string, status: FieldValue['status'], codes: string[] = [], unknown: string[] = []): FieldValue {
  return { raw, codes, unknown, status };
}

/** Turns the generator never makes: missing values, a field id that is a prototype key, odd text. */
function edgeTurns(): ParsedTurn[] {
  const base = turn(0);
  return [
    { ...base, index: 0, pre: {} },
    { ...turn(1), utterance: '', speakerRaw: '', pre: { teacher_intent: fv('', 'empty') } },
    { ...turn(2), utterance: '😀 \u202eRTL\u202c 𝓤nicode \ud800 lone', endMarker: true, alignment: 'none', fragments: 0, pre: { discipline: fv('生物、😀', 'unknown', ['biology'], ['😀']), ['__proto__']: fv('proto', 'ok') } },
    { ...turn(3), speaker: 'other', utterance: 'ok', pre: { a: fv('ok', 'ok', ['ok', 'ok2']), b: fv('ok', 'ok', ['ok']), '1': fv('numeric key', 'conflict', [], ['x', 'x']) } },
    ...Array.from({ length: 9 }, (_, k) => ({ ...turn(4 + k), fragments: 2 + k })),
  ];
}

async function bothLayouts(files: ParsedFile[]): Promise<{ packed: Map<string, Turn[]>; reference: Map<string, Turn[]>; db: MaieuticDb }> {
  const db = freshDb();
  const v4 = new TurnRowsV4Db(`v4-reference-${process.pid}-${Date.now()}-${Math.random()}`);
  opened.push(db, v4);
  const imported = await importParsedFiles(db, NEW, files);
  const importedV4 = await importTurnRowsV4(v4, NEW, files);
  const packed = await db.transaction('r', [db.sources, db.turnBlocks], async () => turnsBySource(db, await sourceIdsOf(db, imported.datasetId)));
  // Source ids are random: name each source's dialogues by file and line, the same in both.
  const renamed = (turnsOf: Map<string, Turn[]>, sourceIds: string[]) => {
    const rename = (id: string) => sourceIds.reduce((text, sourceId, index) => text.replace(sourceId, `source-${index}`), id);
    return new Map([...turnsOf].sort(([a], [b]) => (rename(a) < rename(b) ? -1 : 1)).map(([dialogueId, turns]) => [rename(dialogueId), turns.map((t) => ({ ...t, id: rename(t.id), dialogueId: rename(t.dialogueId) }))]));
  };
  return {
    packed: renamed(packed, imported.sourceIds),
    reference: renamed(await turnsBySourceV4(v4, importedV4.sourceIds), importedV4.sourceIds),
    db,
  };
}

describe('packed turns (schema v5) read back exactly what the v4 turn rows did', () => {
  for (const seed of [1, 2, 3]) {
    it(`generated data set, seed ${seed}`, async () => {
      const { packed, reference } = await bothLayouts([generated(seed, 60), generated(seed + 100, 7)].map((file, index) => ({ ...file, file: `f${index}.jsonl` })));
      expect(packed.size).toBe(67);
      expect(packed).toStrictEqual(reference);
      // the same key order too: the exports write `pre` in the order it is read
      expect(JSON.stringify([...packed])).toBe(JSON.stringify([...reference]));
    });
  }

  it('edge cases: missing values, empty text, unicode and lone surrogates, a "__proto__" field, 13 turns, a one-turn dialogue', async () => {
    const file = parsedFile('edge.jsonl', [dialogue(1, 0, { turns: edgeTurns() }), dialogue(2, 1)]);
    const { packed, reference } = await bothLayouts([file]);
    expect(packed).toStrictEqual(reference);
    expect(JSON.stringify([...packed])).toBe(JSON.stringify([...reference]));
    const edge = packed.get('source-0:1')!;
    expect(edge.map((t) => t.index)).toEqual(Array.from({ length: 13 }, (_, k) => k));
    expect(Object.getPrototypeOf(edge[2].pre)).toBe(Object.prototype);
    expect(Object.keys(edge[2].pre)).toEqual(['discipline', '__proto__']);
    expect(edge[2].utterance).toBe('😀 \u202eRTL\u202c 𝓤nicode \ud800 lone');
  });
});

describe('every reader of turns gives the stored turns', () => {
  it('listTurns, getTurn, getTurns, the export, the layer matcher and the review bundle agree with the import', async () => {
    const file = generated(9, 12);
    const db = freshDb();
    opened.push(db);
    const { datasetId, sourceIds } = await importParsedFiles(db, NEW, [file]);
    const dialogueId = `${sourceIds[0]}:${file.dialogues[3].line}`;
    const expected = file.dialogues[3].turns.map((parsed) => ({ ...parsed, id: `${dialogueId}#${parsed.index}`, dialogueId }));

    expect(await listTurns(db, dialogueId)).toStrictEqual(expected);
    expect(await getTurn(db, `${dialogueId}#1`)).toStrictEqual(expected[1]);
    expect(await getTurn(db, `${dialogueId}#${expected.length}`)).toBeUndefined();
    expect(await getTurn(db, `${dialogueId}#01`)).toBeUndefined();
    expect(await getTurn(db, 'no-such-dialogue#0')).toBeUndefined();
    expect([...(await getTurns(db, [`${dialogueId}#0`, 'nope', `${dialogueId}#2`])).keys()]).toEqual([`${dialogueId}#0`, `${dialogueId}#2`]);
    const exported = await loadExportItems(db, { datasetId, scope: 'all' });
    expect(exported.find((item) => item.dialogue.id === dialogueId)?.turns).toStrictEqual(expected);
    const forLayer = await storedDialoguesForLayer(db, datasetId);
    expect(forLayer.find((stored) => stored.id === dialogueId)?.turns).toEqual(expected.map(({ id, index, speaker, utterance }) => ({ id, index, speaker, utterance })));
  });
});

describe('packTurns / unpackTurns', () => {
  const dialogueId = 'src:1';
  const turns = (): Turn[] => edgeTurns().map((parsed) => ({ ...parsed, id: `${dialogueId}#${parsed.index}`, dialogueId }));

  it('round-trips every value and keeps each string once', () => {
    const row = packTurns(dialogueId, turns());
    expect(unpackTurns(row)).toStrictEqual(turns());
    expect(new Set(row.strings).size).toBe(row.strings.length);
    expect(row.turnCount).toBe(13);
    expect(unpackTurns(packTurns(dialogueId, []))).toEqual([]);
  });

  it('gives fresh arrays per turn, so a caller changing one turn changes no other', () => {
    const unpacked = unpackTurns(packTurns(dialogueId, turns()));
    unpacked[3].pre.a.codes.push('changed');
    expect(unpacked[3].pre.b.codes).toEqual(['ok']);
    expect(unpackTurns(packTurns(dialogueId, turns()))[3].pre.a.codes).toEqual(['ok', 'ok2']);
  });

  it('refuses turns out of order, of another dialogue or with a non-canonical id', () => {
    const list = turns();
    expect(() => packTurns(dialogueId, [list[1], list[0]])).toThrow(/cannot be stored as turn 0/);
    expect(() => packTurns('other:1', list)).toThrow(/cannot be stored/);
    expect(() => packTurns(dialogueId, [{ ...list[0], id: 'x' }])).toThrow(/cannot be stored/);
    expect(() => packTurns(dialogueId, [{ ...list[0], fragments: 1.5 }])).toThrow(/fragments/);
  });

  it('names a damaged row instead of returning wrong turns', () => {
    const row = packTurns(dialogueId, turns());
    expect(() => unpackTurns({ ...row, layout: row.layout.subarray(0, row.layout.length - 1) })).toThrow();
    expect(() => unpackTurns({ ...row, layout: Int32Array.from([...row.layout, 0]) })).toThrow(/damaged/);
  });

  it('parses turn ids', () => {
    expect(parseTurnId('a:b:3#12')).toEqual({ dialogueId: 'a:b:3', index: 12 });
    expect(parseTurnId('a#b#0')).toEqual({ dialogueId: 'a#b', index: 0 });
    for (const bad of ['#1', 'a#', 'a#-1', 'a#1.5', 'a#01', 'a']) expect(parseTurnId(bad)).toBeNull();
  });
});
