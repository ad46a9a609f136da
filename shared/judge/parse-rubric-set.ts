import type { BilingualText } from '../codebook/types';
import { DEFAULT_SCORE_RANGE, type ExpertExample, type Rubric, type RubricSet, type ScoreAnchor, type ScoreRange } from './types';

/** Thrown by parseRubricSet; `problems` lists every problem found, each with its JSON path, and the message names the file. */
export class RubricSetError extends Error {
  readonly file: string;
  readonly problems: string[];
  constructor(file: string, problems: string[]) {
    super(`Invalid rubric set ${file}:\n- ${problems.join('\n- ')}`);
    this.name = 'RubricSetError';
    this.file = file;
    this.problems = problems;
  }
}

/** Rubric ids become answer keys and cache-key text: ASCII, starting with a letter (`X-SRG`, `M_RCC`). */
const RUBRIC_ID = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
/** Scores are small integers a judge writes as one token: no scale beyond ±100, none wider than 100 steps. */
export const MAX_SCORE = 100;
export const MAX_RANGE_WIDTH = 100;
export const MAX_RUBRICS = 100;
/** Few-shot anchors are sent with every call: more than this many would crowd the judge's context. */
export const MAX_EXPERT_EXAMPLES = 20;
const MAX_EXAMPLE_TURNS = 5_000;
/**
 * A set's texts go into every judge call: one text (a definition, an anchor, an utterance of an
 * expert example) may hold at most MAX_RUBRIC_TEXT characters, and all of them together at most
 * MAX_RUBRIC_SET_TEXT (about 60,000 tokens), so a 10 MB definition is refused, not sent on every call.
 * The SID set's longest text has 364 characters, the whole set about 11,000.
 */
export const MAX_RUBRIC_TEXT = 8_000;
export const MAX_RUBRIC_SET_TEXT = 200_000;
const SPEAKERS = ['teacher', 'student', 'other'] as const;
const KEYS = {
  set: ['id', 'version', 'name', 'description', 'range', 'rubrics', 'expertExamples'],
  example: ['label', 'source', 'context', 'turns', 'scores'],
  exampleSource: ['dialogue', 'group'],
  exampleContext: ['topic', 'studentType', 'scenario'],
  exampleTurn: ['speaker', 'utterance'],
  exampleScore: ['rubric', 'score', 'rationale'],
  rubric: ['id', 'name', 'dimension', 'weight', 'definition', 'range', 'anchors', 'positiveExamples', 'negativeExamples'],
  anchor: ['score', 'description'],
  range: ['min', 'max'],
  text: ['zh', 'en'],
};

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** Collects problems instead of stopping at the first, so an author can fix them all at once. */
class Reader {
  readonly problems: string[] = [];
  /** characters of every text read so far (checked against MAX_RUBRIC_SET_TEXT at the end) */
  textCharacters = 0;

  /** `text` at `path`, counted, with a problem when it is longer than one text may be. */
  sized(text: string, path: string): string {
    this.textCharacters += text.length;
    if (text.length > MAX_RUBRIC_TEXT) this.problems.push(`${path} has ${text.length.toLocaleString('en-US')} characters; a text of a rubric set may have at most ${MAX_RUBRIC_TEXT.toLocaleString('en-US')} (it is sent with every call)`);
    return text;
  }

  unknownKeys(obj: Json, known: readonly string[], path: string): void {
    for (const key of Object.keys(obj)) if (!known.includes(key)) this.problems.push(`${path}.${key} is not a known key (known: ${known.join(', ')})`);
  }

  string(obj: Json, key: string, path: string): string {
    const value = obj[key];
    if (typeof value === 'string' && value.trim().length > 0) return this.sized(value, `${path}.${key}`);
    this.problems.push(`${path}.${key} must be a non-empty string (is ${describe(value)})`);
    return '';
  }

  /** Both languages required: a judge prompt may be written in either, and a rubric must read the same in both. */
  bilingual(value: unknown, path: string, required: boolean): BilingualText {
    if (value === undefined && !required) return { zh: '', en: '' };
    if (!isObject(value)) {
      this.problems.push(`${path} must be an object {"zh": "…", "en": "…"} (is ${describe(value)})`);
      return { zh: '', en: '' };
    }
    this.unknownKeys(value, KEYS.text, path);
    const read = (language: 'zh' | 'en'): string => {
      const text = value[language];
      if (typeof text === 'string' && (text.trim().length > 0 || !required)) return this.sized(text, `${path}.${language}`);
      if (text === undefined && !required) return '';
      this.problems.push(`${path}.${language} must be a ${required ? 'non-empty ' : ''}string (is ${describe(text)})`);
      return '';
    };
    return { zh: read('zh'), en: read('en') };
  }

  range(value: unknown, path: string, fallback: ScoreRange): ScoreRange {
    if (value === undefined) return { ...fallback };
    if (!isObject(value)) {
      this.problems.push(`${path} must be an object {"min": 1, "max": 5} (is ${describe(value)})`);
      return { ...fallback };
    }
    this.unknownKeys(value, KEYS.range, path);
    const { min, max } = value;
    let ok = true;
    for (const [key, bound] of [['min', min], ['max', max]] as const) {
      if (!Number.isSafeInteger(bound) || Math.abs(bound as number) > MAX_SCORE) {
        this.problems.push(`${path}.${key} must be a whole number from -${MAX_SCORE} to ${MAX_SCORE} (is ${describe(bound)})`);
        ok = false;
      }
    }
    if (!ok) return { ...fallback };
    const range = { min: min as number, max: max as number };
    if (range.min >= range.max) this.problems.push(`${path}: min (${range.min}) must be below max (${range.max})`);
    else if (range.max - range.min > MAX_RANGE_WIDTH) this.problems.push(`${path}: a range spans at most ${MAX_RANGE_WIDTH} steps (${range.min}–${range.max} spans ${range.max - range.min})`);
    else return range;
    // the problem is reported once; anchors are then checked against the default, not against a broken range
    return { ...fallback };
  }

  examples(value: unknown, path: string): BilingualText[] {
    if (value === undefined) return [];
    if (!Array.isArray(value)) {
      this.problems.push(`${path} must be a list of {"zh": "…", "en": "…"} (is ${describe(value)})`);
      return [];
    }
    return value.map((example, i) => this.bilingual(example, `${path}[${i}]`, true));
  }
}

function readAnchors(reader: Reader, value: unknown, path: string, range: ScoreRange): ScoreAnchor[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    reader.problems.push(`${path} must be a list of {"score": n, "description": {…}} (is ${describe(value)})`);
    return [];
  }
  const anchors: ScoreAnchor[] = [];
  const seen = new Set<number>();
  value.forEach((raw, i) => {
    const at = `${path}[${i}]`;
    if (!isObject(raw)) {
      reader.problems.push(`${at} must be an object (is ${describe(raw)})`);
      return;
    }
    reader.unknownKeys(raw, KEYS.anchor, at);
    const { score } = raw;
    const description = reader.bilingual(raw.description, `${at}.description`, true);
    if (!Number.isSafeInteger(score)) {
      reader.problems.push(`${at}.score must be a whole number (is ${describe(score)})`);
      return;
    }
    const n = score as number;
    if (n < range.min || n > range.max) reader.problems.push(`${at}.score ${n} lies outside the rubric's range ${range.min}–${range.max}`);
    else if (seen.has(n)) reader.problems.push(`${at}.score ${n} is anchored twice`);
    seen.add(n);
    anchors.push({ score: n, description });
  });
  return anchors.sort((a, b) => a.score - b.score);
}

function readRubric(reader: Reader, raw: unknown, path: string, setRange: ScoreRange): Rubric | null {
  if (!isObject(raw)) {
    reader.problems.push(`${path} must be an object (is ${describe(raw)})`);
    return null;
  }
  reader.unknownKeys(raw, KEYS.rubric, path);
  const id = reader.string(raw, 'id', path);
  if (id && !RUBRIC_ID.test(id)) reader.problems.push(`${path}.id "${id.slice(0, 80)}" must be 1–64 ASCII letters, digits, - and _, starting with a letter`);
  // ids become keys of plain objects (scores by rubric): `constructor` would read what every object inherits
  else if (id && id in Object.prototype) reader.problems.push(`${path}.id "${id}" is a name every JavaScript object already has; choose another`);
  const weight = raw.weight === undefined ? 1 : raw.weight;
  if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0) reader.problems.push(`${path}.weight must be a number ≥ 0 (is ${describe(weight)})`);
  const range = reader.range(raw.range, `${path}.range`, setRange);
  return {
    id,
    name: reader.bilingual(raw.name, `${path}.name`, true),
    dimension: reader.bilingual(raw.dimension, `${path}.dimension`, false),
    weight: typeof weight === 'number' && Number.isFinite(weight) && weight >= 0 ? weight : 0,
    definition: reader.bilingual(raw.definition, `${path}.definition`, true),
    range,
    anchors: readAnchors(reader, raw.anchors, `${path}.anchors`, range),
    positiveExamples: reader.examples(raw.positiveExamples, `${path}.positiveExamples`),
    negativeExamples: reader.examples(raw.negativeExamples, `${path}.negativeExamples`),
  };
}

function readExampleTurns(reader: Reader, value: unknown, path: string): ExpertExample['turns'] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_EXAMPLE_TURNS) {
    reader.problems.push(`${path} must be a list of 1–${MAX_EXAMPLE_TURNS} {"speaker": "teacher", "utterance": "…"} (is ${describe(value)})`);
    return [];
  }
  return value.map((raw, i) => {
    const at = `${path}[${i}]`;
    if (!isObject(raw)) {
      reader.problems.push(`${at} must be an object (is ${describe(raw)})`);
      return { speaker: 'other' as const, utterance: '' };
    }
    reader.unknownKeys(raw, KEYS.exampleTurn, at);
    const speaker = SPEAKERS.find((known) => known === raw.speaker);
    if (!speaker) reader.problems.push(`${at}.speaker must be one of ${SPEAKERS.join(', ')} (is ${describe(raw.speaker)})`);
    if (typeof raw.utterance !== 'string') reader.problems.push(`${at}.utterance must be a string (is ${describe(raw.utterance)})`);
    return { speaker: speaker ?? 'other', utterance: typeof raw.utterance === 'string' ? reader.sized(raw.utterance, `${at}.utterance`) : '' };
  });
}

/** An anchor's scores are exactly the answer a judge must give: every rubric once, whole numbers in its range. */
function readExampleScores(reader: Reader, value: unknown, path: string, rubrics: readonly Rubric[]): ExpertExample['scores'] {
  if (!Array.isArray(value)) {
    reader.problems.push(`${path} must be a list of {"rubric": "<id>", "score": n} (is ${describe(value)})`);
    return [];
  }
  const byId = new Map(rubrics.map((rubric) => [rubric.id, rubric]));
  const seen = new Set<string>();
  const scores: ExpertExample['scores'] = [];
  value.forEach((raw, i) => {
    const at = `${path}[${i}]`;
    if (!isObject(raw)) {
      reader.problems.push(`${at} must be an object (is ${describe(raw)})`);
      return;
    }
    reader.unknownKeys(raw, KEYS.exampleScore, at);
    const id = typeof raw.rubric === 'string' ? raw.rubric : '';
    const rubric = byId.get(id);
    if (!rubric) {
      reader.problems.push(`${at}.rubric ${describe(raw.rubric)} is not a rubric of the set`);
      return;
    }
    if (seen.has(id)) reader.problems.push(`${at}.rubric ${id} is scored twice`);
    seen.add(id);
    const { score } = raw;
    if (!Number.isSafeInteger(score) || (score as number) < rubric.range.min || (score as number) > rubric.range.max) {
      reader.problems.push(`${at}.score must be a whole number from ${rubric.range.min} to ${rubric.range.max} (is ${describe(score)})`);
      return;
    }
    if (raw.rationale !== undefined && typeof raw.rationale !== 'string') reader.problems.push(`${at}.rationale must be a string (is ${describe(raw.rationale)})`);
    scores.push({ rubric: id, score: score as number, ...(typeof raw.rationale === 'string' ? { rationale: reader.sized(raw.rationale, `${at}.rationale`) } : {}) });
  });
  for (const rubric of rubrics) if (!seen.has(rubric.id)) reader.problems.push(`${path} has no score for ${rubric.id}`);
  const order = new Map(rubrics.map((rubric, index) => [rubric.id, index]));
  return scores.sort((a, b) => order.get(a.rubric)! - order.get(b.rubric)!);
}

function readExpertExamples(reader: Reader, value: unknown, rubrics: readonly Rubric[]): ExpertExample[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length > MAX_EXPERT_EXAMPLES) {
    reader.problems.push(`$.expertExamples must be a list of at most ${MAX_EXPERT_EXAMPLES} expert-scored dialogues (is ${describe(value)}${Array.isArray(value) ? ` of ${value.length}` : ''})`);
    return undefined;
  }
  return value.map((raw, i): ExpertExample => {
    const at = `$.expertExamples[${i}]`;
    if (!isObject(raw)) {
      reader.problems.push(`${at} must be an object (is ${describe(raw)})`);
      return { label: '', turns: [], scores: [] };
    }
    reader.unknownKeys(raw, KEYS.example, at);
    const example: ExpertExample = { label: reader.string(raw, 'label', at), turns: readExampleTurns(reader, raw.turns, `${at}.turns`), scores: readExampleScores(reader, raw.scores, `${at}.scores`, rubrics) };
    if (raw.source !== undefined) {
      if (!isObject(raw.source)) reader.problems.push(`${at}.source must be an object {"dialogue": "…", "group": "…"} (is ${describe(raw.source)})`);
      else {
        reader.unknownKeys(raw.source, KEYS.exampleSource, `${at}.source`);
        const dialogue = typeof raw.source.dialogue === 'string' ? raw.source.dialogue : null;
        const group = typeof raw.source.group === 'string' ? raw.source.group : null;
        if (dialogue === null || group === null) reader.problems.push(`${at}.source needs "dialogue" and "group" as strings`);
        else example.source = { dialogue, group };
      }
    }
    if (raw.context !== undefined) {
      if (!isObject(raw.context)) reader.problems.push(`${at}.context must be an object (is ${describe(raw.context)})`);
      else {
        reader.unknownKeys(raw.context, KEYS.exampleContext, `${at}.context`);
        const context: NonNullable<ExpertExample['context']> = {};
        for (const key of KEYS.exampleContext as readonly ('topic' | 'studentType' | 'scenario')[]) {
          const text = raw.context[key];
          if (text === undefined) continue;
          if (typeof text !== 'string') reader.problems.push(`${at}.context.${key} must be a string (is ${describe(text)})`);
          else context[key] = reader.sized(text, `${at}.context.${key}`);
        }
        example.context = context;
      }
    }
    return example;
  });
}

/**
 * Validates rubric-set JSON (resources/rubrics/*.json or a user's file) and returns a typed
 * RubricSet. Throws RubricSetError naming the file and listing every problem with its JSON path
 * (`$.rubrics[2].anchors[0].score`). A set-level `range` is the default for rubrics without their
 * own (itself 1–5 when absent); `weight` defaults to 1; anchors, examples and the dimension are
 * optional, names and definitions are required in both languages; unknown keys are refused, so a
 * misspelt `anchor` is not silently ignored.
 */
export function parseRubricSet(json: unknown, file = 'rubric set'): RubricSet {
  const reader = new Reader();
  if (!isObject(json)) throw new RubricSetError(file, [`$ must be one JSON object (is ${describe(json)})`]);
  reader.unknownKeys(json, KEYS.set, '$');
  const setRange = reader.range(json.range, '$.range', DEFAULT_SCORE_RANGE);
  const rawRubrics = json.rubrics;
  if (!Array.isArray(rawRubrics) || rawRubrics.length === 0) reader.problems.push(`$.rubrics must be a non-empty list (is ${describe(rawRubrics)})`);
  else if (rawRubrics.length > MAX_RUBRICS) reader.problems.push(`$.rubrics holds ${rawRubrics.length} rubrics; a set holds at most ${MAX_RUBRICS}`);
  const rubrics = (Array.isArray(rawRubrics) ? rawRubrics.slice(0, MAX_RUBRICS) : [])
    .map((rubric, i) => readRubric(reader, rubric, `$.rubrics[${i}]`, setRange))
    .filter((rubric): rubric is Rubric => rubric !== null);
  const seen = new Set<string>();
  rubrics.forEach((rubric, i) => {
    if (rubric.id && seen.has(rubric.id)) reader.problems.push(`$.rubrics[${i}].id "${rubric.id}" appears twice`);
    seen.add(rubric.id);
  });
  if (rubrics.length > 0 && rubrics.length === (rawRubrics as unknown[]).length && rubrics.every((rubric) => rubric.weight === 0)) {
    reader.problems.push('$.rubrics: every weight is 0; at least one rubric needs a weight above 0 for the overall score');
  }
  const set: RubricSet = {
    id: reader.string(json, 'id', '$'),
    version: reader.string(json, 'version', '$'),
    name: reader.bilingual(json.name, '$.name', true),
    description: reader.bilingual(json.description, '$.description', false),
    rubrics,
  };
  const examples = readExpertExamples(reader, json.expertExamples, rubrics);
  if (examples && examples.length > 0) set.expertExamples = examples;
  if (reader.textCharacters > MAX_RUBRIC_SET_TEXT) {
    reader.problems.push(`$: the texts of the set add up to ${reader.textCharacters.toLocaleString('en-US')} characters; a rubric set may hold at most ${MAX_RUBRIC_SET_TEXT.toLocaleString('en-US')} (they are sent with every call)`);
  }
  if (reader.problems.length > 0) throw new RubricSetError(file, reader.problems);
  return set;
}

/**
 * The set as JSON data, ready for JSON.stringify (export): every rubric with its own range, so
 * the file reads the same without the set's default. parseRubricSet(rubricSetToJson(s)) equals s.
 */
export function rubricSetToJson(set: RubricSet): Json {
  return {
    id: set.id,
    version: set.version,
    name: { ...set.name },
    description: { ...set.description },
    rubrics: set.rubrics.map((rubric) => ({
      id: rubric.id,
      name: { ...rubric.name },
      dimension: { ...rubric.dimension },
      weight: rubric.weight,
      definition: { ...rubric.definition },
      range: { ...rubric.range },
      anchors: rubric.anchors.map((anchor) => ({ score: anchor.score, description: { ...anchor.description } })),
      positiveExamples: rubric.positiveExamples.map((example) => ({ ...example })),
      negativeExamples: rubric.negativeExamples.map((example) => ({ ...example })),
    })),
    // absent when empty, so a set without anchors keeps the hash it had before anchors existed
    ...(set.expertExamples && set.expertExamples.length > 0
      ? {
          expertExamples: set.expertExamples.map((example) => ({
            label: example.label,
            ...(example.source ? { source: { dialogue: example.source.dialogue, group: example.source.group } } : {}),
            ...(example.context ? { context: { ...example.context } } : {}),
            turns: example.turns.map((turn) => ({ speaker: turn.speaker, utterance: turn.utterance })),
            scores: example.scores.map((score) => ({ rubric: score.rubric, score: score.score, ...(score.rationale !== undefined ? { rationale: score.rationale } : {}) })),
          })),
        }
      : {}),
  };
}
