/**
 * A plain reference model of review by keyboard, written from what the keys mean (README, Using it
 * items 3 and 11; the `?` help), apart from the app's code: it reads only the codebook and rubric
 * files the app ships (as data) and the fixture. Given the dialogues and a command sequence it says
 * where the cursor ends, each field's expert value and decision, which turns are verified, each
 * dialogue's status, the undo and redo depth of the open dialogue, and the expert's rubric scores.
 *
 * Each key acts where the previous key left the cursor, on the values the previous keys left —
 * however fast they came — so this model simply applies the commands one after another.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESOURCES_DIR } from '../support/repo-paths';
import type { FixtureDialogue, FixtureTurn, PreMeaning, Role } from './fixture';

interface CodebookField {
  id: string;
  type: 'single' | 'set' | 'ordinal' | 'boolean' | 'text';
  appliesTo: 'all' | 'teacher' | 'student';
  openVocabulary: boolean;
  labels: { code: string }[];
}

interface Rubric {
  id: string;
  range: { min: number; max: number };
}

const CODEBOOK = (JSON.parse(readFileSync(join(RESOURCES_DIR, 'codebooks', 'sid-default.json'), 'utf8')) as { fields: CodebookField[] }).fields;
const RUBRICS = (JSON.parse(readFileSync(join(RESOURCES_DIR, 'rubrics', 'sid.json'), 'utf8')) as { rubrics: Rubric[] }).rubrics;
export const RUBRIC_IDS: readonly string[] = RUBRICS.map((rubric) => rubric.id);

const SPEAKER = 'speaker';
const ONE_VALUE = new Set(['single', 'ordinal', 'boolean']);

/** The keys the model knows; `search` is `/`, some text, Escape. */
export type ReviewKey = '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '0' | 'a' | 'A' | 'u' | 'v' | 'V' | 'j' | 'k' | 'n' | 'p' | 'f' | 'F' | 'Backspace' | 'undo' | 'redo' | 'r';
export type ModelCommand = { kind: 'key'; key: ReviewKey } | { kind: 'search'; text: string };

export type Decision = 'accepted' | 'changed' | 'unsure';

export interface ExpertValue {
  decision: Decision;
  codes: string[];
  text: string | null;
}

interface FieldChange {
  turn: number;
  field: string;
  before: ExpertValue | null;
  after: ExpertValue | null;
}

type Status = 'unreviewed' | 'in-progress' | 'verified';

interface Step {
  /** where undo and redo put the cursor; null for a dialogue-wide step (Shift+V, its undo) */
  turnIndex: number | null;
  fields: FieldChange[];
  turns: { turn: number; before: boolean; after: boolean }[];
  status?: { before: Status; after: Status };
}

interface RubricChange {
  rubric: string;
  before: number | null;
  after: number | null;
}

interface DialogueState {
  /** `${turn}|${field}` → the expert's value; absent: not reviewed */
  values: Map<string, ExpertValue>;
  verified: Set<number>;
  status: Status;
  past: Step[];
  future: Step[];
  scores: Map<string, number>;
}

export interface ObservedState {
  dialogue: number;
  turn: number;
  field: string | null;
  /** `${dialogue}#${turn}|${field}` → `decision codes text` */
  values: Record<string, string>;
  /** `${dialogue}#${turn}` of every verified turn, sorted */
  verified: string[];
  status: Status[];
  undoDepth: number;
  redoDepth: number;
  rubricActive: boolean;
  rubricFocus: string;
  /** `${dialogue}:${rubric}` → score */
  scores: Record<string, number>;
}

const field = (id: string): CodebookField => {
  const found = CODEBOOK.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`The codebook has no field ${id}`);
  return found;
};

const dedupe = (codes: readonly string[]) => codes.filter((code, index) => codes.indexOf(code) === index);

/** Codebook order first, then codes outside the codebook in the order given. */
function codebookOrder(def: CodebookField, codes: readonly string[]): string[] {
  const rank = (code: string, given: number) => {
    const index = def.labels.findIndex((label) => label.code === code);
    return index === -1 ? def.labels.length + given : index;
  };
  return dedupe(codes)
    .map((code, given) => ({ code, key: rank(code, given) }))
    .sort((a, b) => a.key - b.key)
    .map((entry) => entry.code);
}

export class ReviewReference {
  private readonly states: DialogueState[];
  private dialogue = 0;
  private turn = 0;
  /** the field the expert last put the cursor on; null: each turn's default */
  private preferred: string | null = null;
  private armed = false;
  private rubricActive = false;
  private rubricFocus = 0;
  private rubricUndo: RubricChange[] = [];
  private rubricRedo: RubricChange[] = [];

  constructor(private readonly dialogues: readonly FixtureDialogue[]) {
    this.states = dialogues.map(() => ({ values: new Map(), verified: new Set(), status: 'unreviewed', past: [], future: [], scores: new Map() }));
  }

  // ---- what a turn shows -------------------------------------------------------------------

  private get state(): DialogueState {
    return this.states[this.dialogue];
  }

  private turnOf(index: number): FixtureTurn {
    return this.dialogues[this.dialogue].turns[index];
  }

  private value(turn: number, fieldId: string, state = this.state): ExpertValue | null {
    return state.values.get(`${turn}|${fieldId}`) ?? null;
  }

  /** the speaker as the expert corrected it, else as imported: which fields apply follows it */
  private speakerOf(turn: number): Role {
    const corrected = this.value(turn, SPEAKER)?.codes[0];
    return corrected === 'teacher' || corrected === 'student' ? corrected : this.turnOf(turn).role;
  }

  private applies(turn: number, fieldId: string): boolean {
    const { appliesTo } = field(fieldId);
    return appliesTo === 'all' || appliesTo === this.speakerOf(turn);
  }

  private applicable(turn: number): string[] {
    return CODEBOOK.filter((def) => this.applies(turn, def.id)).map((def) => def.id);
  }

  private pre(turn: number, fieldId: string): PreMeaning {
    const data = this.turnOf(turn);
    if (fieldId === SPEAKER) return { known: [data.role], unknown: [] };
    return data.pre[fieldId] ?? { known: [], unknown: [] };
  }

  /** The pre-annotation as an expert value; null when it cannot be taken as it is (unknown label, nothing for a one-value field). */
  private preValue(turn: number, fieldId: string): ExpertValue | null {
    const def = field(fieldId);
    if (def.type === 'text') return { decision: 'accepted', codes: [], text: this.turnOf(turn).content };
    const pre = this.pre(turn, fieldId);
    if (pre.unknown.length > 0 && !def.openVocabulary) return null;
    const codes = dedupe([...pre.known, ...pre.unknown]);
    if (ONE_VALUE.has(def.type) && codes.length !== 1) return null;
    return { decision: 'accepted', codes, text: null };
  }

  private flagged(turn: number, fieldId: string): boolean {
    return this.pre(turn, fieldId).unknown.length > 0;
  }

  private needsAttention(turn: number, fieldId: string): boolean {
    return this.applies(turn, fieldId) && (this.flagged(turn, fieldId) || (this.value(turn, fieldId) === null && this.preValue(turn, fieldId) === null));
  }

  private needingValue(turn: number): string[] {
    return this.applicable(turn).filter((fieldId) => this.value(turn, fieldId) === null && this.preValue(turn, fieldId) === null);
  }

  /** The field with the focus ring: the preferred one if it applies, else the next that does; by default the first label field after the speaker. */
  activeField(turn = this.turn): string | null {
    const applicable = this.applicable(turn);
    if (applicable.length === 0) return null;
    const position = this.preferred === null ? -1 : CODEBOOK.findIndex((def) => def.id === this.preferred);
    if (position === -1) return applicable.find((id) => id !== SPEAKER && field(id).type !== 'text') ?? applicable[0];
    for (let offset = 0; offset < CODEBOOK.length; offset += 1) {
      const id = CODEBOOK[(position + offset) % CODEBOOK.length].id;
      if (applicable.includes(id)) return id;
    }
    return applicable[0];
  }

  // ---- writing values ----------------------------------------------------------------------

  private sameCodes(def: CodebookField, a: readonly string[], b: readonly string[]): boolean {
    const left = def.type === 'set' ? codebookOrder(def, a) : [...a];
    const right = def.type === 'set' ? codebookOrder(def, b) : [...b];
    return left.length === right.length && left.every((code, index) => code === right[index]);
  }

  /** accepted when it is the pre-annotation, else changed */
  private decisionFor(turn: number, fieldId: string, codes: readonly string[], text: string | null): 'accepted' | 'changed' {
    const def = field(fieldId);
    if (def.type === 'text') return text === this.turnOf(turn).content ? 'accepted' : 'changed';
    const pre = this.preValue(turn, fieldId);
    return pre !== null && this.sameCodes(def, pre.codes, codes) ? 'accepted' : 'changed';
  }

  /** where a correction starts: the stored value, else the pre-annotation as far as it names labels */
  private startingCodes(turn: number, fieldId: string, current: ExpertValue | null): string[] {
    if (current) return [...current.codes];
    const pre = this.preValue(turn, fieldId);
    if (pre) return [...pre.codes];
    const known = dedupe(this.pre(turn, fieldId).known);
    return ONE_VALUE.has(field(fieldId).type) && known.length > 1 ? [] : known;
  }

  private static equal(a: ExpertValue | null, b: ExpertValue | null): boolean {
    if (a === null || b === null) return a === b;
    return a.decision === b.decision && a.text === b.text && a.codes.length === b.codes.length && a.codes.every((code, index) => code === b.codes[index]);
  }

  /** Sets a value; the change, or null when nothing changed. Any change puts an unreviewed dialogue in progress. */
  private write(turn: number, fieldId: string, next: ExpertValue | null): FieldChange | null {
    const before = this.value(turn, fieldId);
    if (ReviewReference.equal(before, next)) return null;
    if (next === null) this.state.values.delete(`${turn}|${fieldId}`);
    else this.state.values.set(`${turn}|${fieldId}`, next);
    if (this.state.status === 'unreviewed') this.state.status = 'in-progress';
    return { turn, field: fieldId, before, after: next };
  }

  private setVerified(turn: number, verified: boolean): { turn: number; before: boolean; after: boolean } | null {
    const before = this.state.verified.has(turn);
    if (before === verified) return null;
    if (verified) this.state.verified.add(turn);
    else this.state.verified.delete(turn);
    if (this.state.status === 'unreviewed') this.state.status = 'in-progress';
    return { turn, before, after: verified };
  }

  private record(step: Step): void {
    if (step.fields.length + step.turns.length + (step.status ? 1 : 0) === 0) return;
    this.state.past.push(step);
    this.state.future = [];
  }

  private editActive(resolve: (turn: number, fieldId: string, current: ExpertValue | null) => ExpertValue | null | 'refused'): void {
    const fieldId = this.activeField();
    if (fieldId === null) return;
    const next = resolve(this.turn, fieldId, this.value(this.turn, fieldId));
    if (next === 'refused') return;
    const change = this.write(this.turn, fieldId, next);
    if (change) this.record({ turnIndex: this.turn, fields: [change], turns: [] });
  }

  private pick(position: number): void {
    const fieldId = this.activeField();
    if (fieldId === null) return;
    const def = field(fieldId);
    const code = def.labels[position - 1]?.code;
    // a digit on the utterance, or past the field's labels, changes nothing
    if (def.type === 'text' || code === undefined) return;
    this.editActive((turn, id, current) => {
      let codes: string[];
      if (def.type === 'set') {
        const base = this.startingCodes(turn, id, current);
        codes = base.includes(code) ? base.filter((candidate) => candidate !== code) : codebookOrder(def, [...base, code]);
      } else {
        codes = [code];
      }
      return { decision: this.decisionFor(turn, id, codes, null), codes, text: null };
    });
  }

  private accept(): void {
    this.editActive((turn, id) => this.preValue(turn, id) ?? 'refused');
  }

  private acceptAll(): void {
    const changes: FieldChange[] = [];
    for (const fieldId of this.applicable(this.turn)) {
      if (this.value(this.turn, fieldId) !== null) continue;
      const pre = this.preValue(this.turn, fieldId);
      if (pre === null) continue;
      const change = this.write(this.turn, fieldId, pre);
      if (change) changes.push(change);
    }
    this.record({ turnIndex: this.turn, fields: changes, turns: [] });
  }

  private unsure(): void {
    this.editActive((turn, id, current) => {
      if (current?.decision === 'unsure') return { ...current, decision: this.decisionFor(turn, id, current.codes, current.text) };
      if (current) return { ...current, decision: 'unsure' };
      return { decision: 'unsure', codes: this.startingCodes(turn, id, null), text: field(id).type === 'text' ? this.turnOf(turn).content : null };
    });
  }

  private clear(): void {
    this.editActive(() => null);
  }

  /** v: verifies the turn as shown (its unreviewed values accepted) and moves on; on a verified turn lifts the mark */
  private verifyTurn(): void {
    const turn = this.turn;
    if (this.state.verified.has(turn)) {
      const change = this.setVerified(turn, false);
      if (change) this.record({ turnIndex: turn, fields: [], turns: [change] });
      return;
    }
    const missing = this.needingValue(turn);
    if (missing.length > 0) {
      // refused, and the cursor goes to the first field that needs a value
      this.preferred = missing[0];
      return;
    }
    const { fields, turn: turnChange } = this.verifyAsShown(turn);
    this.record({ turnIndex: turn, fields, turns: turnChange ? [turnChange] : [] });
    this.moveTurn(1);
  }

  private verifyAsShown(turn: number): { fields: FieldChange[]; turn: { turn: number; before: boolean; after: boolean } | null } {
    const fields: FieldChange[] = [];
    for (const fieldId of this.applicable(turn)) {
      if (this.value(turn, fieldId) !== null) continue;
      const change = this.write(turn, fieldId, this.preValue(turn, fieldId));
      if (change) fields.push(change);
    }
    return { fields, turn: this.setVerified(turn, true) };
  }

  /** Shift+V: names what it confirms first (a second Shift+V verifies), unless nothing is left to confirm; on a verified dialogue puts it back in progress */
  private verifyDialogue(): void {
    const turns = this.dialogues[this.dialogue].turns.map((_, index) => index);
    if (this.state.status === 'verified') {
      this.armed = false;
      this.state.status = 'in-progress';
      this.record({ turnIndex: null, fields: [], turns: [], status: { before: 'verified', after: 'in-progress' } });
      return;
    }
    if (turns.some((turn) => this.needingValue(turn).length > 0)) {
      this.armed = false;
      return;
    }
    const unverified = turns.filter((turn) => !this.state.verified.has(turn)).length;
    const toConfirm = turns.reduce((sum, turn) => sum + this.applicable(turn).filter((id) => this.value(turn, id) === null).length, 0);
    const unsure = turns.reduce((sum, turn) => sum + this.applicable(turn).filter((id) => this.value(turn, id)?.decision === 'unsure').length, 0);
    if (unverified + toConfirm + unsure > 0 && !this.armed) {
      this.armed = true;
      return;
    }
    this.armed = false;
    const step: Step = { turnIndex: null, fields: [], turns: [] };
    for (const turn of turns) {
      const { fields, turn: turnChange } = this.verifyAsShown(turn);
      step.fields.push(...fields);
      if (turnChange) step.turns.push(turnChange);
    }
    step.status = { before: this.state.status, after: 'verified' };
    this.state.status = 'verified';
    this.record(step);
  }

  // ---- moving ------------------------------------------------------------------------------

  private moveTurn(delta: number): void {
    const count = this.dialogues[this.dialogue].turns.length;
    this.turn = Math.min(count - 1, Math.max(0, this.turn + delta));
  }

  /** f / Shift+F: the next (previous) field needing attention in reading order, not wrapping round */
  private stepAttention(direction: 1 | -1): void {
    const turns = this.dialogues[this.dialogue].turns.length;
    const from = this.activeField();
    let fieldIndex = from === null ? (direction === 1 ? -1 : CODEBOOK.length) : CODEBOOK.findIndex((def) => def.id === from);
    for (let turn = this.turn; turn >= 0 && turn < turns; turn += direction) {
      for (fieldIndex += direction; fieldIndex >= 0 && fieldIndex < CODEBOOK.length; fieldIndex += direction) {
        if (this.needsAttention(turn, CODEBOOK[fieldIndex].id)) {
          this.turn = turn;
          this.preferred = CODEBOOK[fieldIndex].id;
          return;
        }
      }
      fieldIndex = direction === 1 ? -1 : CODEBOOK.length;
    }
  }

  private openDialogue(delta: 1 | -1): void {
    const target = this.dialogue + delta;
    if (target < 0 || target >= this.dialogues.length) return;
    this.dialogue = target;
    this.turn = 0;
    this.preferred = null;
    this.armed = false;
    // the rubric panel starts each dialogue on its first rubric, with nothing to undo; scoring stays on
    this.rubricFocus = 0;
    this.rubricUndo = [];
    this.rubricRedo = [];
  }

  /** undo writes a step's `before` back, redo its `after`; both put the cursor where the step was */
  private replay(direction: 'undo' | 'redo'): void {
    const from = direction === 'undo' ? this.state.past : this.state.future;
    const step = from.pop();
    if (!step) return;
    const side = direction === 'undo' ? 'before' : 'after';
    for (const change of step.fields) this.write(change.turn, change.field, change[side]);
    for (const change of step.turns) this.setVerified(change.turn, change[side]);
    if (step.status) this.state.status = step.status[side];
    (direction === 'undo' ? this.state.future : this.state.past).push(step);
    if (step.turnIndex !== null) {
      this.turn = step.turnIndex;
      if (step.fields[0]) this.preferred = step.fields[0].field;
    }
  }

  // ---- rubric scoring ----------------------------------------------------------------------

  private score(value: number): void {
    const rubric = RUBRICS[this.rubricFocus];
    if (value < rubric.range.min || value > rubric.range.max) return;
    const before = this.state.scores.get(rubric.id) ?? null;
    if (before === value) return;
    this.state.scores.set(rubric.id, value);
    this.rubricUndo.push({ rubric: rubric.id, before, after: value });
    this.rubricRedo = [];
  }

  private clearScore(): void {
    const rubric = RUBRICS[this.rubricFocus];
    const before = this.state.scores.get(rubric.id);
    if (before === undefined) return;
    this.state.scores.delete(rubric.id);
    this.rubricUndo.push({ rubric: rubric.id, before, after: null });
    this.rubricRedo = [];
  }

  private replayScore(direction: 'undo' | 'redo'): void {
    const change = (direction === 'undo' ? this.rubricUndo : this.rubricRedo).pop();
    if (!change) return;
    const target = direction === 'undo' ? change.before : change.after;
    if (target === null) this.state.scores.delete(change.rubric);
    else this.state.scores.set(change.rubric, target);
    (direction === 'undo' ? this.rubricRedo : this.rubricUndo).push(change);
    this.rubricFocus = RUBRIC_IDS.indexOf(change.rubric);
  }

  /** The keys rubric scoring takes while it is on (r): digits, j/k, Backspace, undo, redo, r itself. */
  private rubricKey(key: ReviewKey): boolean {
    if (/^[0-9]$/.test(key)) this.score(Number(key));
    else if (key === 'j') this.rubricFocus = Math.min(RUBRICS.length - 1, this.rubricFocus + 1);
    else if (key === 'k') this.rubricFocus = Math.max(0, this.rubricFocus - 1);
    else if (key === 'Backspace') this.clearScore();
    else if (key === 'undo' || key === 'redo') this.replayScore(key);
    else if (key === 'r') this.rubricActive = false;
    else return false;
    return true;
  }

  // ---- one command -------------------------------------------------------------------------

  apply(command: ModelCommand): void {
    if (command.kind === 'search') {
      // `/` opens the label search (or the utterance box), the text goes into it, Escape closes it: nothing is written
      this.armed = false;
      return;
    }
    const { key } = command;
    if (this.rubricActive && this.rubricKey(key)) return;
    if (key === 'r') {
      this.rubricActive = true;
      return;
    }
    // every review command but Shift+V itself drops an armed Shift+V
    if (key !== 'V') this.armed = false;
    if (/^[1-9]$/.test(key)) this.pick(Number(key));
    else if (key === '0') this.pick(10);
    else if (key === 'a') this.accept();
    else if (key === 'A') this.acceptAll();
    else if (key === 'u') this.unsure();
    else if (key === 'Backspace') this.clear();
    else if (key === 'v') this.verifyTurn();
    else if (key === 'V') this.verifyDialogue();
    else if (key === 'j') this.moveTurn(1);
    else if (key === 'k') this.moveTurn(-1);
    else if (key === 'n') this.openDialogue(1);
    else if (key === 'p') this.openDialogue(-1);
    else if (key === 'f') this.stepAttention(1);
    else if (key === 'F') this.stepAttention(-1);
    else if (key === 'undo' || key === 'redo') this.replay(key);
  }

  observed(): ObservedState {
    const values: Record<string, string> = {};
    const verified: string[] = [];
    const scores: Record<string, number> = {};
    this.states.forEach((state, dialogue) => {
      for (const [key, value] of state.values) values[`${dialogue}#${key}`] = describeValue(value);
      for (const turn of state.verified) verified.push(`${dialogue}#${turn}`);
      for (const [rubric, score] of state.scores) scores[`${dialogue}:${rubric}`] = score;
    });
    return {
      dialogue: this.dialogue,
      turn: this.turn,
      field: this.activeField(),
      values,
      verified: verified.sort(),
      status: this.states.map((state) => state.status),
      undoDepth: this.state.past.length,
      redoDepth: this.state.future.length,
      rubricActive: this.rubricActive,
      rubricFocus: RUBRIC_IDS[this.rubricFocus],
      scores,
    };
  }
}

/** One stored value as text, the same way for the model and the app: `decision codes text`. */
export function describeValue(value: ExpertValue): string {
  return `${value.decision} [${value.codes.join(',')}] ${value.text ?? '∅'}`;
}

/** The expected end state of a command sequence run from a fresh data set, review open on the first dialogue. */
export function expectedState(dialogues: readonly FixtureDialogue[], commands: readonly ModelCommand[]): ObservedState {
  const model = new ReviewReference(dialogues);
  for (const command of commands) model.apply(command);
  return model.observed();
}
