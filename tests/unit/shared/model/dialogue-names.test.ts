/** Issue 29 point 15: a SID id held by several teacher models is named with its model; an id one model holds stays short. */
import { describe, expect, it } from 'vitest';
import { dialogueNamer, dialogueNamesById, idsSharedByModels } from '../../../../shared/model/dialogue-names';

const rows = [
  { id: 'a:1', externalId: '7-1-1', teacherModel: 'GPT-4o' },
  { id: 'b:1', externalId: '7-1-1', teacherModel: 'Qwen' },
  { id: 'c:1', externalId: '7-1-1', teacherModel: 'DeepSeek' },
  { id: 'a:2', externalId: '7-2-1', teacherModel: 'GPT-4o' },
  // the same id twice under one model (a duplicate, warned about at import; or a teacher model
  // corrected to one that already holds the id) is not a model clash, but must not read as one dialogue
  { id: 'a:3', externalId: '8-1-1', teacherModel: 'GPT-4o' },
  { id: 'a:4', externalId: '8-1-1', teacherModel: 'GPT-4o' },
];

describe('dialogue names', () => {
  it('adds the teacher model exactly where another model holds the same id', () => {
    expect([...idsSharedByModels(rows)]).toEqual(['7-1-1']);
    expect(dialogueNamesById(rows)).toEqual({
      'a:1': '7-1-1 · GPT-4o',
      'b:1': '7-1-1 · Qwen',
      'c:1': '7-1-1 · DeepSeek',
      'a:2': '7-2-1',
      'a:3': '8-1-1',
      'a:4': '8-1-1#2',
    });
  });

  it('numbers a repeat of the same id and model in the order given, as the CLI does', () => {
    const corrected = [
      { id: 'p:1', externalId: '7-1-1', teacherModel: 'GPT-4o-mini' },
      { id: 'q:1', externalId: '7-1-1', teacherModel: 'GPT-4o' },
      { id: 'r:1', externalId: '7-1-1', teacherModel: 'GPT-4o-mini' },
      { id: 'r:2', externalId: '7-1-1', teacherModel: 'GPT-4o-mini' },
    ];
    expect(dialogueNamesById(corrected)).toEqual({
      'p:1': '7-1-1 · GPT-4o-mini',
      'q:1': '7-1-1 · GPT-4o',
      'r:1': '7-1-1#2 · GPT-4o-mini',
      'r:2': '7-1-1#3 · GPT-4o-mini',
    });
  });

  it('judges the clash on the whole data set, so one row taken alone is still named with its model', () => {
    const name = dialogueNamer(rows);
    expect(name({ externalId: '7-1-1', teacherModel: 'Qwen' })).toBe('7-1-1 · Qwen');
    expect(name({ externalId: '7-2-1', teacherModel: 'GPT-4o' })).toBe('7-2-1');
  });

  it('keeps a dialogue without a model name as its id', () => {
    expect(dialogueNamesById([{ id: 'x', externalId: '1-1-1', teacherModel: '' }, { id: 'y', externalId: '1-1-1', teacherModel: 'M' }])).toEqual({ x: '1-1-1', y: '1-1-1 · M' });
  });
});
