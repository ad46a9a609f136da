import { describe, expect, it } from 'vitest';
import { compareNatural, compareSourceOrder, type DialogueRow } from '../../../../renderer/src/db/repositories/dialogues';
import { splitTopicTitle } from '../../../../renderer/src/features/datasets/columns';
import { hasActiveFilters, matchesGlobalFilter, matchesTableFilters, progressRatio } from '../../../../renderer/src/features/datasets/filters';
import { summariseRows } from '../../../../renderer/src/features/datasets/summary';
import { rowsToCsv, TABLE_CSV_COLUMNS } from '../../../../renderer/src/stores/export/table-csv';
import { INITIAL_TABLE_STATE } from '../../../../renderer/src/stores/datasets/store';

function row(overrides: Partial<DialogueRow>): DialogueRow {
  return {
    id: 's:1', externalId: '7-1-1', teacherModel: 'GPT-4o', topicId: '7', topicText: '校园生态美化', studentType: '知识掌握不足',
    scenario: '课堂探究', turnCount: 10, verifiedTurns: 0, status: 'unreviewed', flaggedCount: 0, file: 'GPT-4o/a.jsonl', line: 1,
    ...overrides,
  };
}

const rows = [
  row({ id: 'a', externalId: '7-1-1', verifiedTurns: 10, status: 'verified', flaggedCount: 2 }),
  row({ id: 'b', externalId: '7-2-1', teacherModel: 'Qwen', verifiedTurns: 3, status: 'in-progress', topicText: 'Photosynthesis 光合作用' }),
  row({ id: 'c', externalId: '8-1-2', teacherModel: 'Qwen', turnCount: 4, studentType: '学习渴望低' }),
];

describe('data-set table filters', () => {
  it('matches every search term against the text columns, case-insensitively', () => {
    expect(rows.filter((item) => matchesGlobalFilter(item, 'photo 光合')).map((item) => item.id)).toEqual(['b']);
    expect(rows.filter((item) => matchesGlobalFilter(item, 'qwen')).map((item) => item.id)).toEqual(['b', 'c']);
    expect(rows.filter((item) => matchesGlobalFilter(item, '   ')).map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(rows.filter((item) => matchesGlobalFilter(item, '渴望')).map((item) => item.id)).toEqual(['c']);
  });

  it('combines teacher model, status and has-flags filters', () => {
    const pick = (patch: Partial<typeof INITIAL_TABLE_STATE>) => rows.filter((item) => matchesTableFilters(item, { ...INITIAL_TABLE_STATE, ...patch })).map((item) => item.id);
    expect(pick({ teacherModel: 'Qwen' })).toEqual(['b', 'c']);
    expect(pick({ teacherModel: 'Qwen', status: 'unreviewed' })).toEqual(['c']);
    expect(pick({ hasFlags: true })).toEqual(['a']);
    expect(hasActiveFilters(INITIAL_TABLE_STATE)).toBe(false);
    expect(hasActiveFilters({ ...INITIAL_TABLE_STATE, hasFlags: true })).toBe(true);
  });

  it('computes the progress ratio without dividing by zero', () => {
    expect(progressRatio({ verifiedTurns: 3, turnCount: 12, status: 'in-progress' })).toBe(0.25);
    expect(progressRatio({ verifiedTurns: 0, turnCount: 0, status: 'verified' })).toBe(1);
    expect(progressRatio({ verifiedTurns: 0, turnCount: 0, status: 'unreviewed' })).toBe(0);
  });
});

describe('summariseRows', () => {
  it('totals dialogues, turns, verified work and teacher models', () => {
    expect(summariseRows(rows)).toEqual({
      dialogues: 3,
      turns: 24,
      verifiedTurns: 13,
      verifiedDialogues: 1,
      inProgressDialogues: 1,
      flaggedValues: 2,
      teacherModels: [
        { name: 'Qwen', dialogues: 2 },
        { name: 'GPT-4o', dialogues: 1 },
      ],
    });
    expect(summariseRows([])).toMatchObject({ dialogues: 0, turns: 0, teacherModels: [] });
  });
});

describe('rowsToCsv', () => {
  it('writes the rows as RFC 4180 CSV with a BOM, quoting and formula protection', () => {
    const csv = rowsToCsv([
      row({ externalId: 'x,1', topicText: '他说 "好"\n然后', topicId: null }),
      row({ externalId: '=HYPERLINK("x")', studentType: '-3', line: 2 }),
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(TABLE_CSV_COLUMNS.join(','));
    expect(lines[1]).toBe('"x,1",GPT-4o,,"他说 ""好""\n然后",知识掌握不足,课堂探究,10,0,unreviewed,0,GPT-4o/a.jsonl,1');
    expect(lines[2]).toBe(`"'=HYPERLINK(""x"")",GPT-4o,7,校园生态美化,-3,课堂探究,10,0,unreviewed,0,GPT-4o/a.jsonl,2`);
    expect(lines[3]).toBe('');
  });
});

describe('natural order and topic titles', () => {
  it('orders ids and file names as a person reads their numbers', () => {
    expect(['12-3-1', '7-2-1', '7-10-1', '7-2-2'].sort(compareNatural)).toEqual(['7-2-1', '7-2-2', '7-10-1', '12-3-1']);
    const at = (file: string, line: number) => ({ file, line, id: `${file}:${line}` });
    const files = [at('M/M-interdis_topic_12.jsonl', 1), at('M/M-interdis_topic_7.jsonl', 2), at('M/M-interdis_topic_7.jsonl', 1)];
    expect(files.sort(compareSourceOrder).map((item) => item.id)).toEqual(['M/M-interdis_topic_7.jsonl:1', 'M/M-interdis_topic_7.jsonl:2', 'M/M-interdis_topic_12.jsonl:1']);
  });

  it('takes a SID topic text up to its first full stop as its title, and leaves short or unpunctuated topics whole', () => {
    expect(splitTopicTitle('水的净化：化学与生物。学习目标：1. 通过自制简易净水器')).toEqual({ title: '水的净化：化学与生物。', rest: '学习目标：1. 通过自制简易净水器' });
    expect(splitTopicTitle('Bridges. Goals: build one')).toEqual({ title: 'Bridges.', rest: 'Goals: build one' });
    expect(splitTopicTitle('植物为什么向着光长')).toEqual({ title: '植物为什么向着光长', rest: '' });
    const long = `${'很长的句子'.repeat(20)}。后面`;
    expect(splitTopicTitle(long)).toEqual({ title: long, rest: '' });
  });
});
