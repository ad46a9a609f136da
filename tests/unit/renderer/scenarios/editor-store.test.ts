import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { scenarioTemplate } from '../../../../renderer/src/db/repositories/scenario-templates';
import { copyId, createScenarioEditorStore } from '../../../../renderer/src/stores/scenarios/editor-store';
import { expandTaskRows, parseScenarioOrThrow, type Scenario } from '../../../../shared/scenario';
import { freshDb } from '../fixtures';

const SID = scenarioTemplate('sid-teacher-led.yaml')!;

function editable() {
  const db = freshDb();
  const store = createScenarioEditorStore({ database: () => db, debounceMs: 0 });
  store.getState().open({ kind: 'new', origin: 'test.yaml' }, SID.source);
  return store;
}

const withoutTeacherSystem = (scenario: Scenario) => ({ ...scenario, roles: { ...scenario.roles, teacher: { ...scenario.roles.teacher!, system: '' } } });

describe('the scenario editor keeps the form and the YAML text in sync', () => {
  it('a prompt edited in the form changes that prompt in the text and nothing else the parser sees, comments kept', () => {
    const store = editable();
    const prompt = '你是一位苏格拉底式教师。主题：{{topic_text}}\n只提问。\n';
    store.getState().edit({ kind: 'set', path: ['roles', 'teacher', 'system'], value: prompt });
    const { text, result, dirty, form } = store.getState();
    expect(text).toContain('    system: |\n      你是一位苏格拉底式教师。主题：{{topic_text}}\n      只提问。\n');
    expect(text).toContain('# SID teacher-led Socratic dialogue');
    expect(text).toContain('keywords: ["[End]", "[结束]"]');
    expect(dirty).toBe(true);
    expect(result?.ok).toBe(true);
    const edited = parseScenarioOrThrow(text, 'edited.yaml');
    expect(edited.roles.teacher?.system).toBe(prompt);
    expect(withoutTeacherSystem(edited)).toEqual(withoutTeacherSystem(SID.scenario));
    expect((form as { roles: { teacher: { system: string } } }).roles.teacher.system).toBe(prompt);
    // only the prompt's lines differ from the file as written
    const before = SID.source.split('\n');
    const changed = text.split('\n').filter((line) => !before.includes(line));
    expect(changed).toEqual(['      你是一位苏格拉底式教师。主题：{{topic_text}}', '      只提问。']);
  });

  it('text typed in the YAML tab shows in the form', () => {
    const store = editable();
    store.getState().setText(SID.source.replace('max_turns: 20', 'max_turns: 12'));
    expect((store.getState().form as { flow: { max_turns: number } }).flow.max_turns).toBe(12);
    expect(store.getState().scenario?.flow.maxTurns).toBe(12);
  });

  it('a syntax error is reported with its line; the form keeps its last state and takes no edits until fixed', () => {
    const store = editable();
    const lines = SID.source.split('\n');
    const at = lines.findIndex((line) => line.startsWith('repeats:'));
    lines[at] = 'repeats: [2';
    store.getState().setText(lines.join('\n'));
    const { result, form, formStale, scenario } = store.getState();
    expect(result?.ok).toBe(false);
    const problems = result && !result.ok ? result.problems : [];
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((problem) => problem.line >= at + 1)).toBe(true);
    expect(formStale).toBe(true);
    expect((form as { repeats: number }).repeats).toBe(2);
    expect(scenario?.repeats).toBe(2);
    const broken = store.getState().text;
    store.getState().edit({ kind: 'set', path: ['repeats'], value: 3 });
    expect(store.getState().text).toBe(broken);
  });

  it('a schema problem names its line and path, and the form still shows the text', () => {
    const store = editable();
    store.getState().edit({ kind: 'set', path: ['roles', 'teacher', 'system'], value: '主题 {{topik}}' });
    const { result, form, formStale } = store.getState();
    const problems = result && !result.ok ? result.problems : [];
    const line = store.getState().text.split('\n').findIndex((entry) => entry.includes('主题 {{topik}}')) + 1;
    // the block scalar starts at its `|` on the key's line, just above the prompt's text
    expect(store.getState().text.split('\n')[line - 2]).toMatch(/^    system: \|-?$/);
    expect(problems.map((problem) => [problem.line, problem.path])).toEqual([[line - 1, 'roles.teacher.system']]);
    expect(formStale).toBe(false);
    expect((form as { roles: { teacher: { system: string } } }).roles.teacher.system).toBe('主题 {{topik}}');
  });

  it('a template is read-only until duplicated; the copy gets a new id and saves as a version, again saving is a no-op', async () => {
    const db = freshDb();
    const store = createScenarioEditorStore({ database: () => db, debounceMs: 0 });
    store.getState().open({ kind: 'template', file: SID.file }, SID.source);
    store.getState().setText('format: nothing');
    expect(store.getState().text).toBe(SID.source);
    expect(await store.getState().save()).toBeNull();
    store.getState().duplicate(['sid-teacher-led-copy']);
    expect(store.getState().scenario?.id).toBe('sid-teacher-led-copy-2');
    expect(store.getState().dirty).toBe(true);
    const row = await store.getState().save();
    expect(row?.id).toBe(`sid-teacher-led-copy-2@${store.getState().hash}`);
    expect(row?.origin).toBe(SID.file);
    expect(store.getState()).toMatchObject({ dirty: false, savedRow: row, savedExisting: false });
    expect(store.getState().versions.map((version) => version.id)).toEqual([row!.id]);
    // an edit makes it another text: no longer that saved version until saved again
    store.getState().edit({ kind: 'set', path: ['repeats'], value: 3 });
    expect(store.getState().savedRow).toBeNull();
    store.getState().edit({ kind: 'set', path: ['repeats'], value: 2 });
    expect(store.getState().savedRow).toBeNull();
    expect((await store.getState().save())?.id).toBe(row!.id);
    expect(store.getState().savedExisting).toBe(true);
  });

  it('edits a numbered turn prompt, a task cell (numbers stay numbers) and adds and removes rows', () => {
    const db = freshDb();
    const store = createScenarioEditorStore({ database: () => db, debounceMs: 0 });
    const students = scenarioTemplate('socratic-students.yaml')!;
    store.getState().open({ kind: 'new', origin: 'test.yaml' }, students.source);
    store.getState().edit({ kind: 'set', path: ['roles', 'student', 'turn_at', 3], value: 'How would you solve it now?' });
    expect(store.getState().scenario?.roles.student?.turnAt[3]).toBe('How would you solve it now?');
    expect(store.getState().text).toContain('# Unguided student. For the CoT-guided student use instead:');
    store.getState().open({ kind: 'new', origin: 'test.yaml' }, SID.source);
    store.getState().edit({ kind: 'set', path: ['tasks', 'rows', 1, 'topic_id'], value: 7 });
    store.getState().edit({ kind: 'append', path: ['tasks', 'rows'], value: { topic_id: 3, topic: '光合作用', topic_text: '光合作用：光与叶绿体（生物）' } });
    expect(store.getState().scenario?.tasks.rows.map((row) => row.topic_id)).toEqual([1, 7, 3]);
    store.getState().edit({ kind: 'remove', path: ['tasks', 'rows', 0] });
    expect(store.getState().scenario?.tasks.rows.map((row) => row.topic)).toEqual(['自制净水器', '光合作用']);
  });

  it('removes, adds and edits entries of a cross list (the learning states), so a run over 2 topics × 2 states is made in the form', () => {
    const store = editable();
    expect(store.getState().scenario?.tasks.cross[0].entries).toHaveLength(5);
    for (let index = 4; index >= 2; index--) store.getState().edit({ kind: 'remove', path: ['tasks', 'cross', 'learning_states', index] });
    store.getState().edit({ kind: 'set', path: ['tasks', 'cross', 'learning_states', 1, 'student_type'], value: '知识掌握不足（改）' });
    const { scenario, text } = store.getState();
    expect(scenario?.tasks.cross[0].entries.map((entry) => entry.student_type)).toEqual(['全优型', '知识掌握不足（改）']);
    expect(expandTaskRows(scenario!)).toHaveLength(4);
    expect(text).not.toContain('student_type: 学习渴望低');
    store.getState().edit({ kind: 'append', path: ['tasks', 'cross', 'learning_states'], value: { student_id: 9, student_type: '新状态', student_persona: '你……' } });
    expect(store.getState().scenario?.tasks.cross[0].entries.at(-1)).toEqual({ student_id: 9, student_type: '新状态', student_persona: '你……' });
  });

  it('names copies after the original without taking a saved id', () => {
    expect(copyId('sid', [])).toBe('sid-copy');
    expect(copyId('sid', ['sid-copy', 'sid-copy-2'])).toBe('sid-copy-3');
  });
});
