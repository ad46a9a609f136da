/**
 * The JSON Schema of a scenario file, as data: the parser's structural check walks it
 * (check-schema.ts), so the keys, types and ranges the parser accepts are exactly those this
 * schema allows. Semantic rules (variables, directions, routers) are checked after it, in
 * parse-scenario.ts, and written in the descriptions here.
 */
export interface JsonSchemaNode {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  description?: string;
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
  additionalProperties?: false | JsonSchemaNode;
  patternProperties?: Record<string, JsonSchemaNode>;
  items?: JsonSchemaNode;
  minItems?: number;
  minLength?: number;
  pattern?: string;
  enum?: (string | number)[];
  const?: string;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchemaNode[];
}

const text = (description: string): JsonSchemaNode => ({ type: 'string', minLength: 1, description });
const bilingual = (description: string): JsonSchemaNode => ({
  type: 'object',
  description,
  properties: { en: text('English'), zh: text('中文') },
  required: ['en', 'zh'],
  additionalProperties: false,
});
const roleName: JsonSchemaNode = { type: 'string', enum: ['teacher', 'student', 'guide'] };
const positiveInteger = (description: string): JsonSchemaNode => ({ type: 'integer', minimum: 1, description });

const sampling: JsonSchemaNode = {
  type: 'object',
  description: 'sampling as the OpenAI chat API names it',
  properties: {
    temperature: { type: 'number', minimum: 0, maximum: 2 },
    top_p: { type: 'number', minimum: 0, maximum: 1 },
    max_tokens: positiveInteger('the longest answer, in tokens'),
    seed: { type: 'integer' },
  },
  additionalProperties: false,
};

const connection = text('a connection name or id, bound when the scenario is run');

const speakingRole: JsonSchemaNode = {
  type: 'object',
  properties: {
    connection: { anyOf: [connection, { type: 'array', items: connection, minItems: 1 }], description: 'one connection; the teacher may list several models under test' },
    label: text('the speaker name in transcripts and SID output (教师, 学生)'),
    view: { type: 'string', enum: ['conversation', 'transcript'] },
    system: text('the system prompt; {{column}} variables from the task row'),
    turn: text("the user message before each of the role's turns; task columns and turn variables"),
    turn_at: {
      type: 'object',
      description: "replaces `turn` at the role's n-th turn (1-based)",
      patternProperties: { '^[1-9][0-9]*$': text('the prompt for that turn') },
      additionalProperties: false,
    },
    sampling,
  },
  required: ['connection', 'system'],
  additionalProperties: false,
};

const taskRow: JsonSchemaNode = {
  type: 'object',
  description: 'one task row: column → text or number',
  patternProperties: { '^[A-Za-z_][A-Za-z0-9_]*$': { anyOf: [{ type: 'string' }, { type: 'number' }] } },
  additionalProperties: false,
};

const ruleTarget = text('a role or END');
const routerRule: JsonSchemaNode = {
  type: 'object',
  description: 'either `if` and `then`, or `else` alone (the last rule)',
  properties: {
    if: {
      type: 'object',
      properties: {
        last_speaker: roleName,
        last_contains: { type: 'array', items: text('a keyword'), minItems: 1 },
        turns_at_least: positiveInteger('dialogue turns so far'),
        role_turns_at_least: {
          type: 'object',
          properties: { role: roleName, count: positiveInteger('turns of that role so far') },
          required: ['role', 'count'],
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    },
    then: ruleTarget,
    else: ruleTarget,
  },
  additionalProperties: false,
};

export const SCENARIO_SCHEMA: JsonSchemaNode = {
  type: 'object',
  description: 'a Maieutic tutoring scenario',
  properties: {
    format: { type: 'string', const: 'maieutic.scenario/1' },
    id: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$' },
    version: text('the version people read; the hash identifies content'),
    name: bilingual('the scenario name'),
    description: bilingual('what the scenario does'),
    roles: {
      type: 'object',
      properties: {
        teacher: speakingRole,
        student: speakingRole,
        guide: speakingRole,
        judge: {
          type: 'object',
          properties: { connection, rubric_set: text('a rubric set id'), sampling },
          required: ['connection', 'rubric_set'],
          additionalProperties: false,
        },
      },
      required: ['teacher'],
      additionalProperties: false,
    },
    tasks: {
      type: 'object',
      description: 'inline `rows` or a `csv` path with its `columns`; optional `cross` lists',
      properties: {
        rows: { type: 'array', items: taskRow, minItems: 1 },
        csv: text('a CSV path relative to the scenario file'),
        columns: { type: 'array', items: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }, minItems: 1 },
        cross: {
          type: 'object',
          patternProperties: { '^[A-Za-z_][A-Za-z0-9_]*$': { type: 'array', items: taskRow, minItems: 1 } },
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    },
    repeats: positiveInteger('conversations per task row; task rows × repeats is at most 20,000 (scenario-size.ts)'),
    flow: {
      type: 'object',
      properties: {
        directions: { type: 'array', items: { type: 'string', pattern: '^\\s*[A-Za-z_][A-Za-z0-9_]*\\s*->\\s*[A-Za-z_][A-Za-z0-9_]*\\s*$' }, minItems: 1 },
        max_turns: positiveInteger('the turn budget over all roles, at most 1,000'),
        exit: {
          type: 'object',
          properties: {
            keywords: { type: 'array', items: text('a keyword that ends the dialogue'), minItems: 1 },
            roles: { type: 'array', items: roleName, minItems: 1 },
          },
          required: ['keywords'],
          additionalProperties: false,
        },
        routers: {
          type: 'object',
          patternProperties: { '^[a-z_][a-z0-9_]*$': { type: 'array', items: routerRule, minItems: 1 } },
          additionalProperties: false,
        },
      },
      required: ['directions'],
      additionalProperties: false,
    },
    assessment: {
      type: 'object',
      properties: {
        role: roleName,
        prompt: text('asks for the final answer; appended to the role view'),
        samples: positiveInteger('n answers drawn per probe, at most 100'),
        k: { type: 'array', items: positiveInteger('a k of Pass@k, at most samples'), minItems: 1 },
        check: {
          type: 'object',
          properties: {
            kind: { type: 'string', enum: ['exact', 'numeric', 'regex'] },
            pattern: text('for regex: a JavaScript regular expression'),
            flags: { type: 'string', pattern: '^[imsu]*$' },
          },
          required: ['kind'],
          additionalProperties: false,
        },
        sampling,
      },
      required: ['role', 'prompt', 'samples', 'k', 'check'],
      additionalProperties: false,
    },
  },
  required: ['format', 'id', 'version', 'name', 'roles', 'tasks', 'flow'],
  additionalProperties: false,
};
