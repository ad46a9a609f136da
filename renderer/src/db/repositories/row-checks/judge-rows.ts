/**
 * The LLM-judge rows: rubric-set versions, judge runs (scores and pairwise), every judge's score
 * or verdict, and experts' scores. A rubric-set version is a set parseRubricSet reads, stored
 * under the hash rubricSetHash gives it, as judge.ts and rubric-sets.ts store them.
 */
import type { UnpairedDialogue } from '../../../../../shared/judge/pairing';
import { parseRubricSet, rubricSetToJson } from '../../../../../shared/judge/parse-rubric-set';
import type { JudgeLineScore } from '../../../../../shared/judge/result-line';
import { rubricSetHash } from '../../../../../shared/judge/rubric-hash';
import type { RubricSet, RubricSetRef } from '../../../../../shared/judge/types';
import { expertScoreId, judgeScoreId, rubricSetRowId, type ExpertScoreRow, type JudgeJobConnection, type JudgeRunJudge, type JudgeRunRow, type JudgeScoreRow, type RubricSetRow, type UnmatchedJudgeLine } from '../../../../../shared/model/judge';
import { pairwiseVerdictId, type PairwiseRunInfo, type PairwiseRunPair, type PairwiseVerdictRow } from '../../../../../shared/model/pairwise';
import { anything, both, count, fail, isoTime, list, nullable, number, oneOf, optional, recordOf, refusedBy, shape, text, type Check } from './check';
import { storedCall } from './job-rows';

const id = text();
const at = (path: string, field: string) => (path ? `${path}.${field}` : field);
const wrongId = (path: string, expected: string) => fail(at(path, 'id'), 'wrong-id', `must be "${expected}"`, { expected });

export const rubricSetRefShape = shape<RubricSetRef>({ id, version: text(), hash: id });

/** A set the rubric-set reader accepts, as the app stores what it read or built. */
export const rubricSet: Check = refusedBy((value) => {
  parseRubricSet(rubricSetToJson(value as RubricSet), 'the stored rubric set');
});

export const rubricSetRow = both(
  shape<RubricSetRow>({ id, setId: id, version: text(), hash: id, set: rubricSet, createdAt: isoTime }),
  refusedBy((value) => {
    const row = value as RubricSetRow;
    if (row.set.id !== row.setId || row.set.version !== row.version) throw new Error('its set id and version are not those of the set it holds');
    if (rubricSetHash(row.set) !== row.hash) throw new Error('the hash is not the hash of the set it holds');
    if (row.id !== rubricSetRowId(row.setId, row.hash)) throw new Error(`the id must be "${rubricSetRowId(row.setId, row.hash)}"`);
  }),
);

const pairwiseInfo = shape<PairwiseRunInfo>({
  groupA: text({ empty: true }),
  groupB: text({ empty: true }),
  pairs: list(shape<PairwiseRunPair>({ id, a: id, b: id, topicId: text({ empty: true }), studentId: text({ empty: true }), repeatId: nullable(text({ empty: true })) })),
  unpaired: list(shape<UnpairedDialogue>({ dialogue: text({ empty: true }), group: text({ empty: true }), reason: oneOf(['no-ids', 'no-partner', 'ambiguous', 'same-repeat', 'same-pair-id']), message: text({ empty: true }) })),
  unpairedCount: count,
});

export const judgeRunRow = shape<JudgeRunRow>({
  id,
  datasetId: id,
  name: text({ max: 300 }),
  rubricSet: rubricSetRefShape,
  judges: list(shape<JudgeRunJudge>({ name: text(), family: optional(text({ empty: true })) })),
  settings: recordOf(anything),
  samples: count,
  createdAt: isoTime,
  source: oneOf(['import', 'job']),
  sourceFile: optional(text({ empty: true })),
  lines: count,
  failed: count,
  unmatchedCount: count,
  unmatched: list(shape<UnmatchedJudgeLine>({ line: count, dialogue: text({ empty: true }), group: text({ empty: true }) })),
  jobConnections: optional(list(shape<JudgeJobConnection>({ connectionId: id, judge: text(), model: text({ empty: true }) }))),
  mode: optional(oneOf(['scores', 'pairwise'])),
  pairwise: optional(pairwiseInfo),
});

const lineScore = shape<JudgeLineScore>({ rubric: id, score: number(), rationale: text({ empty: true }), expected: optional(nullable(number())) });

export const judgeScoreRow = both(
  shape<JudgeScoreRow>({
    id, runId: id, dialogueId: id, group: text({ empty: true }), externalId: text({ empty: true }), judge: text(), sample: count,
    status: oneOf(['valid', 'failed']), scores: list(lineScore), reason: optional(text({ empty: true })), call: optional(storedCall),
  }),
  (value, path) => {
    const row = value as JudgeScoreRow;
    const expected = judgeScoreId(row.runId, row.dialogueId, row.judge, row.sample);
    if (row.id !== expected) wrongId(path, expected);
  },
);

export const expertScoreRow = both(
  shape<ExpertScoreRow>({ id, datasetId: id, dialogueId: id, rubricSetId: id, rubricSetHash: id, rubric: id, rater: text(), score: number(), rationale: text({ empty: true }), at: isoTime }),
  (value, path) => {
    const row = value as ExpertScoreRow;
    const expected = expertScoreId(row.datasetId, row.dialogueId, row.rubricSetHash, row.rubric, row.rater);
    if (row.id !== expected) wrongId(path, expected);
  },
);

export const pairwiseVerdictRow = both(
  shape<PairwiseVerdictRow>({
    id, runId: id, pairId: id, order: oneOf(['ab', 'ba']), dialogueA: id, dialogueB: id, groupA: text({ empty: true }), groupB: text({ empty: true }), judge: text(), sample: count,
    status: oneOf(['valid', 'failed']), verdict: optional(oneOf(['first', 'second', 'tie'])), winner: optional(oneOf(['A', 'B', 'tie'])),
    rationale: optional(text({ empty: true })), reason: optional(text({ empty: true })), call: optional(storedCall),
  }),
  (value, path) => {
    const row = value as PairwiseVerdictRow;
    const expected = pairwiseVerdictId(row.runId, row.pairId, row.order, row.judge, row.sample);
    if (row.id !== expected) wrongId(path, expected);
  },
);
