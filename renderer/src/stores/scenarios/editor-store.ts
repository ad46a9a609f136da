/**
 * The scenario editor's session (issue 14). The YAML text is the source of truth: the text tab
 * edits it directly, and every form edit is applied to it through the Document API
 * (yaml-edit.ts). After each change the text is parsed again (lightly debounced): the problems
 * with line and column, the scenario and its hash when valid. The form shows the plain value of
 * the latest text that is YAML at all, so a syntax error leaves the form at its last state.
 */
import { create } from 'zustand';
import type { ScenarioVersionRow } from '../../../../shared/model/generation';
import { parseScenarioYaml, scenarioHash, type ParseScenarioResult, type Scenario } from '../../../../shared/scenario';
import { getDb, type MaieuticDb } from '../../db/db';
import { errorMessage } from '../../db/errors';
import { listScenarioVersions, saveScenarioVersion } from '../../db/repositories/scenario-versions';
import { editYamlText, yamlValue, type YamlEdit } from './yaml-edit';

/** Where the open text came from: a bundled template (read-only), a saved version, or a file brought in. */
export type ScenarioSource = { kind: 'template'; file: string } | { kind: 'saved'; row: ScenarioVersionRow } | { kind: 'new'; origin: string };

/** The form's view of the text: a mapping of keys, as YAML wrote them. */
export type FormValue = Record<string, unknown>;

export interface ScenarioEditorState {
  source: ScenarioSource | null;
  /** a template is read-only until duplicated */
  readOnly: boolean;
  /** the text as opened or last saved: the dirty flag compares with it */
  baseText: string;
  text: string;
  dirty: boolean;
  /** the latest parse (of `text` once no check is pending) */
  result: ParseScenarioResult | null;
  checking: boolean;
  /** the plain value of the latest text that was YAML */
  form: FormValue | null;
  /** the text is not YAML now: the form shows its last state and takes no edits */
  formStale: boolean;
  /** the latest valid scenario and its hash (kept while the text has problems, for the dry run) */
  scenario: Scenario | null;
  hash: string | null;
  /** the saved version the text is, when it is one (opened from it or just saved, not edited since) */
  savedRow: ScenarioVersionRow | null;
  versions: ScenarioVersionRow[];
  saveStatus: 'idle' | 'saving' | 'error';
  saveError: string | null;
  /** saving found the same content already stored */
  savedExisting: boolean;
  dryRunRow: number;
  tab: EditorTab;
  /** the YAML tab moves its cursor to this line when `seq` changes (a problem clicked) */
  lineRequest: { line: number; seq: number } | null;
  open(source: ScenarioSource, text: string): void;
  /** a template or version opened read-only becomes an editable copy (a new scenario id) */
  duplicate(takenIds: readonly string[]): void;
  close(): void;
  setText(text: string): void;
  edit(edits: YamlEdit | readonly YamlEdit[]): void;
  /** parses now instead of after the debounce */
  flush(): void;
  save(): Promise<ScenarioVersionRow | null>;
  loadVersions(): Promise<void>;
  setDryRunRow(index: number): void;
  setTab(tab: EditorTab): void;
  /** shows the YAML tab with the cursor at the start of `line` */
  goToLine(line: number): void;
}

export const EDITOR_TABS = ['general', 'roles', 'tasks', 'flow', 'judge', 'yaml', 'versions'] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];

const FILE_NAME = 'scenario.yaml';

function isMapping(value: unknown): value is FormValue {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The id a copy gets: the original's with `-copy` (then `-copy-2`…) until no saved scenario has it. */
export function copyId(id: string, taken: readonly string[]): string {
  let candidate = `${id}-copy`;
  for (let n = 2; taken.includes(candidate); n++) candidate = `${id}-copy-${n}`;
  return candidate;
}

export function createScenarioEditorStore(options: { database?: () => MaieuticDb; debounceMs?: number } = {}) {
  const database = options.database ?? getDb;
  const debounceMs = options.debounceMs ?? 150;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };

  return create<ScenarioEditorState>()((set, get) => {
    const check = () => {
      cancel();
      const { text, form, scenario, hash, savedRow } = get();
      const result = parseScenarioYaml(text, FILE_NAME);
      const value = yamlValue(text);
      const nextForm = isMapping(value) ? value : null;
      set({
        result,
        checking: false,
        form: nextForm ?? form,
        formStale: nextForm === null,
        scenario: result.ok ? result.scenario : scenario,
        hash: result.ok ? scenarioHash(result.scenario) : hash,
        savedRow: savedRow && result.ok && savedRow.hash === scenarioHash(result.scenario) && savedRow.scenarioId === result.scenario.id ? savedRow : null,
      });
      // the id typed anew: the versions listed are that scenario's
      if (result.ok && scenario && scenario.id !== result.scenario.id) void get().loadVersions();
    };
    const schedule = () => {
      cancel();
      if (debounceMs <= 0) return check();
      set({ checking: true });
      timer = setTimeout(check, debounceMs);
    };
    const changeText = (text: string, form?: FormValue) => {
      if (get().readOnly) return;
      set({ text, dirty: text !== get().baseText, ...(form ? { form, formStale: false } : {}) });
      schedule();
    };

    return {
      source: null,
      readOnly: true,
      baseText: '',
      text: '',
      dirty: false,
      result: null,
      checking: false,
      form: null,
      formStale: false,
      scenario: null,
      hash: null,
      savedRow: null,
      versions: [],
      saveStatus: 'idle',
      saveError: null,
      savedExisting: false,
      dryRunRow: 0,
      tab: 'general',
      lineRequest: null,

      open(source, text) {
        cancel();
        set({
          source,
          readOnly: source.kind === 'template',
          baseText: text,
          text,
          dirty: source.kind === 'new',
          result: null,
          form: null,
          scenario: null,
          hash: null,
          savedRow: source.kind === 'saved' ? source.row : null,
          versions: [],
          saveStatus: 'idle',
          saveError: null,
          savedExisting: false,
          dryRunRow: 0,
          tab: 'general',
          lineRequest: null,
        });
        check();
        void get().loadVersions();
      },

      duplicate(takenIds) {
        const { source, text, form } = get();
        if (!source) return;
        const id = isMapping(form) && typeof form.id === 'string' ? form.id : 'scenario';
        const copy = editYamlText(text, [{ kind: 'set', path: ['id'], value: copyId(id, takenIds) }]) ?? text;
        const origin = source.kind === 'template' ? source.file : source.kind === 'saved' ? source.row.id : source.origin;
        set({ source: { kind: 'new', origin }, readOnly: false, savedRow: null, savedExisting: false });
        changeText(copy);
        get().flush();
        void get().loadVersions();
      },

      close() {
        cancel();
        set({ source: null, readOnly: true, baseText: '', text: '', dirty: false, result: null, form: null, formStale: false, scenario: null, hash: null, savedRow: null, versions: [], checking: false });
      },

      setText(text) {
        changeText(text);
      },

      edit(edits) {
        const { text, formStale, readOnly } = get();
        if (formStale || readOnly) return;
        const next = editYamlText(text, Array.isArray(edits) ? edits : [edits as YamlEdit]);
        if (next === null || next === text) return;
        const value = yamlValue(next);
        changeText(next, isMapping(value) ? value : undefined);
      },

      flush() {
        if (timer || get().checking) check();
      },

      async save() {
        get().flush();
        const { text, result, source, readOnly } = get();
        if (readOnly || !source || !result?.ok) return null;
        set({ saveStatus: 'saving', saveError: null });
        try {
          const origin = source.kind === 'template' ? source.file : source.kind === 'new' ? source.origin : 'editor';
          const { row, alreadyStored } = await saveScenarioVersion(database(), text, origin);
          // the text may have been edited while it was stored: it is then not that version
          const current = get().text === text;
          set({ saveStatus: 'idle', savedExisting: alreadyStored, ...(current ? { baseText: text, dirty: false, savedRow: row, source: { kind: 'saved', row } } : {}) });
          await get().loadVersions();
          return row;
        } catch (error) {
          set({ saveStatus: 'error', saveError: errorMessage(error) });
          return null;
        }
      },

      async loadVersions() {
        const id = get().scenario?.id ?? (isMapping(get().form) ? String(get().form!.id ?? '') : '');
        if (!id) return set({ versions: [] });
        try {
          const versions = await listScenarioVersions(database(), id);
          if ((get().scenario?.id ?? id) === id) set({ versions });
        } catch {
          set({ versions: [] });
        }
      },

      setDryRunRow(index) {
        set({ dryRunRow: Math.max(0, index) });
      },

      setTab(tab) {
        set({ tab });
      },

      goToLine(line) {
        set({ tab: 'yaml', lineRequest: { line, seq: (get().lineRequest?.seq ?? 0) + 1 } });
      },
    };
  });
}

export const useScenarioEditorStore = createScenarioEditorStore();
