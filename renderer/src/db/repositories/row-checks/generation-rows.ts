/**
 * Scenario versions, generation runs and the conversations they produced. A scenario version is
 * a text parseScenarioYaml reads, under the hash scenarioHash gives it, as scenario-versions.ts
 * saves them; a conversation's payload is checked as far as the runs view and the data set made
 * from it read it.
 */
import type { GeneratedConversationRow, GenerationRunRow, ScenarioVersionRow } from '../../../../../shared/model/generation';
import { parseScenarioYaml, scenarioHash } from '../../../../../shared/scenario';
import { anything, bool, both, count, fail, integer, isoTime, list, nullable, oneOf, optional, recordOf, refusedBy, shape, text, texts, variant } from './check';
import { tokenCounts } from './job-rows';

const id = text();

export const scenarioVersionRow = both(
  shape<ScenarioVersionRow>({ id, scenarioId: id, version: text({ empty: true }), hash: id, source: text(), origin: text({ empty: true }), createdAt: isoTime }),
  refusedBy((value) => {
    const row = value as ScenarioVersionRow;
    const parsed = parseScenarioYaml(row.source, row.origin || 'scenario.yaml');
    if (!parsed.ok) throw new Error(`the scenario has problems: ${parsed.problems.slice(0, 3).map((problem) => problem.text).join('; ')}`);
    const hash = scenarioHash(parsed.scenario);
    if (hash !== row.hash || parsed.scenario.id !== row.scenarioId) throw new Error('its id and hash are not those of the scenario text it holds');
    if (row.id !== `${row.scenarioId}@${row.hash}`) throw new Error(`the id must be "${row.scenarioId}@${row.hash}"`);
  }),
);

export const generationRunRow = shape<GenerationRunRow>({
  id,
  title: text({ empty: true }),
  scenario: shape<GenerationRunRow['scenario']>({ id, version: text({ empty: true }), hash: id }),
  teachers: list(shape<GenerationRunRow['teachers'][number]>({ connectionId: id, name: text({ empty: true }), model: text({ empty: true }) }), { min: 1 }),
  roleConnections: recordOf(id),
  conversations: count,
  createdAt: isoTime,
  datasetId: nullable(id),
  preference: optional(shape<NonNullable<GenerationRunRow['preference']>>({ atStudentTurns: list(integer({ min: 1 }), { min: 1 }), candidates: integer({ min: 2 }) })),
});

const turn = shape<{ role: string; content: string; turnNumber: number }>({ role: id, content: text({ empty: true }), turnNumber: count }, { loose: true });
const base = {
  conversationId: id, connectionId: id, teacherModel: text({ empty: true }), taskIndex: count, repeatId: count, row: recordOf(anything),
  scenario: shape<{ id: string; version: string; hash: string }>({ id, version: text({ empty: true }), hash: id }), roles: recordOf(recordOf(anything)),
  turns: list(turn), assessments: list(recordOf(anything)), preferences: list(recordOf(anything)), tokens: tokenCounts, cached: bool,
};
const payload = variant('status', {
  complete: shape<Record<string, unknown>>({
    ...base, status: oneOf(['complete']), end: shape<{ kind: string }>({ kind: oneOf(['end']) }, { loose: true }),
    safety: shape<{ kept: boolean; reasons: string[]; words: unknown[] }>({ kept: bool, reasons: texts, words: list(recordOf(anything)) }, { loose: true }),
  }, { loose: true }),
  failed: shape<Record<string, unknown>>({ ...base, status: oneOf(['failed']), reasons: texts }, { loose: true }),
});

export const generatedConversationRow = both(
  shape<GeneratedConversationRow>({ id, runId: id, payload }),
  (value, path) => {
    const row = value as GeneratedConversationRow;
    if (!row.id.startsWith(`${row.runId}|`)) fail(path ? `${path}.id` : 'id', 'wrong-id', 'must be "<run id>|<item>"', { expected: `${row.runId}|…` });
  },
);
