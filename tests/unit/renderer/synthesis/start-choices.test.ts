import { describe, expect, it } from 'vitest';
import { defaultConnection, missingChoices, parseChoicesSpec, startInput, type StartChoices } from '../../../../renderer/src/features/synthesis/start-choices';
import { templateText } from '../../shared/synthesis/support';

const CONNECTIONS = [
  { id: 'c-1', name: 'Drafter' },
  { id: 'c-2', name: 'teacher' },
  { id: 'c-3', name: 'judge-large' },
];
const filled = (patch: Partial<StartChoices> = {}): StartChoices => ({ specSource: templateText(), specFile: 'elmes-scenegen.yaml', connections: { drafter: 'c-1', generator: 'c-2', judge: 'c-3' }, comparedGenerators: [], answersPerItem: '2', language: 'en', title: ' Pilot ', ...patch });

describe('Start synthesis: the dialog’s choices', () => {
  it('defaults a role to the connection named as the spec names it, case aside, and to none otherwise', () => {
    expect(defaultConnection(CONNECTIONS, 'drafter')).toBe('c-1');
    expect(defaultConnection(CONNECTIONS, 'teacher')).toBe('c-2');
    expect(defaultConnection(CONNECTIONS, 'judge')).toBeUndefined();
  });

  it('gives the store’s input once the spec is valid and every choice is made', () => {
    const choices = filled();
    expect(missingChoices(choices, parseChoicesSpec(choices))).toEqual([]);
    expect(startInput(choices, parseChoicesSpec(choices))).toEqual({ title: 'Pilot', specSource: templateText(), specFile: 'elmes-scenegen.yaml', connections: { drafter: 'c-1', generator: 'c-2', judge: 'c-3' }, answersPerItem: 2, language: 'en' });
  });

  it('lists everything missing at once and gives no input: an invalid spec, a role without connection, answers outside 1–8, no title', () => {
    const choices = filled({ specSource: templateText().replace('weight: 0.3', 'weight: 0.35'), connections: { drafter: 'c-1' }, answersPerItem: '9', title: '  ' });
    const parsed = parseChoicesSpec(choices);
    expect(parsed?.ok).toBe(false);
    expect(missingChoices(choices, parsed)).toEqual([{ kind: 'spec' }, { kind: 'role', role: 'generator' }, { kind: 'role', role: 'judge' }, { kind: 'answers' }, { kind: 'title' }]);
    expect(startInput(choices, parsed)).toBeNull();
    for (const answers of ['0', '1.5', '', 'two']) expect(missingChoices(filled({ answersPerItem: answers }), parseChoicesSpec(filled()))).toEqual([{ kind: 'answers' }]);
  });

  it('compares the ticked teacher models, never the generator with itself, at most four', () => {
    const choices = filled({ comparedGenerators: ['c-4', 'c-2', 'c-5'] });
    expect(startInput(choices, parseChoicesSpec(choices))?.extraGenerators).toEqual(['c-4', 'c-5']);
    const tooMany = filled({ comparedGenerators: ['a', 'b', 'c', 'd', 'e'] });
    expect(missingChoices(tooMany, parseChoicesSpec(tooMany))).toEqual([{ kind: 'compared' }]);
    expect(startInput(tooMany, parseChoicesSpec(tooMany))).toBeNull();
  });

  it('places a spec’s problems on their lines, and reads an empty text as no spec yet', () => {
    const text = templateText();
    const line = text.split('\n').findIndex((entry) => entry.startsWith('test_items:')) + 1;
    const parsed = parseChoicesSpec({ specSource: text.replace('test_items: 20', 'test_itemz: 20'), specFile: 'pasted.yaml' });
    if (!parsed || parsed.ok) throw new Error('expected problems');
    expect(parsed.problems.some((problem) => problem.line === line && /test_itemz/.test(problem.text))).toBe(true);
    expect(parseChoicesSpec({ specSource: '  \n', specFile: '' })).toBeNull();
  });
});
