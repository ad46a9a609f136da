/**
 * The turns an expert reviewed in a Maieutic SID export, read for a spot-check: the provenance
 * (`maieutic.turns[i].fields[fieldId] = { decision, pre, … }`, shared/export/sid-jsonl.ts) names
 * each reviewed field and the raw LLM pre-annotation the expert saw; the record's annotations
 * hold the expert's value. The LLM side is `pre` normalised by the codebook as the import does.
 * Every version in KNOWN_PROVENANCE_VERSIONS is read alike: each writes `version`,
 * `dialogueId`, `teacherModel` and `turns[].index/fields` with the same meaning. A version this
 * code does not know (a newer app's, or a hand-edited one) is refused rather than read as the
 * current format. From version 5 an unsure label may be left empty in the annotation
 * (`fields[f].leftEmpty`): the expert's guess is not in the file, so that field is not read as
 * the expert's value (it would count the LLM's value as an error).
 */
import { normalizeValue } from '../codebook/normalize-value';
import type { Codebook } from '../codebook/types';
import { KNOWN_PROVENANCE_VERSIONS } from '../export/sid-provenance';
import type { ParsedDialogue } from '../model/dataset';
import type { TurnToCheck } from './checked-values';

const DECISIONS = new Set(['accepted', 'changed', 'unsure', 'labelled']);

/** The provenance versions this reader knows: every version the exporter has written. */
export const READABLE_PROVENANCE_VERSIONS: readonly number[] = KNOWN_PROVENANCE_VERSIONS;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export type ReviewedTurns =
  /** `leftEmpty`: unsure labels the export left empty (v5 `fields[f].leftEmpty`), not read as the expert's value */
  | { ok: true; exported: boolean; turns: TurnToCheck[]; leftEmpty: number }
  | { ok: false; problem: string };

function versionProblem(version: unknown): string | null {
  if (typeof version === 'number' && READABLE_PROVENANCE_VERSIONS.includes(version)) return null;
  const got = version === undefined ? 'has no "version"' : `is version ${JSON.stringify(version)}`;
  return `The "maieutic" review provenance ${got}; this spot-check reads versions ${READABLE_PROVENANCE_VERSIONS.join(', ')}. Export the data set again with this app, or use the app that wrote the file.`;
}

/**
 * The reviewed turns of one dialogue (stratum "all"), each with who it is (the provenance's
 * dialogue id and teacher model, the turn index) and where it was read (`file`, the record's line,
 * the entry of `maieutic.turns`); `exported` false when the record carries no `maieutic`
 * provenance (not a Maieutic export). A provenance that is there but malformed, or of an unknown
 * version, is a problem naming where in it: a spot-check must not quietly skip what an expert
 * reviewed, nor misread it.
 */
export function reviewedTurns(dialogue: Pick<ParsedDialogue, 'extra' | 'turns' | 'line' | 'teacherModel'>, codebook: Codebook, file: string = ''): ReviewedTurns {
  const provenance = dialogue.extra.maieutic;
  if (provenance === undefined) return { ok: true, exported: false, turns: [], leftEmpty: 0 };
  if (!isRecord(provenance)) return { ok: false, problem: 'The "maieutic" review provenance is not an object.' };
  const unknownVersion = versionProblem(provenance.version);
  if (unknownVersion) return { ok: false, problem: unknownVersion };
  if (!Array.isArray(provenance.turns)) return { ok: false, problem: 'The "maieutic" review provenance has no "turns" list.' };
  if (typeof provenance.dialogueId !== 'string' || provenance.dialogueId === '') return { ok: false, problem: 'The "maieutic" review provenance has no "dialogueId": without it the same dialogue read twice could not be told apart.' };
  const dialogueId = provenance.dialogueId;
  const teacherModel = typeof provenance.teacherModel === 'string' ? provenance.teacherModel : dialogue.teacherModel;
  const turns: TurnToCheck[] = [];
  let leftEmpty = 0;
  for (const [at, entry] of provenance.turns.entries()) {
    const where = `maieutic.turns[${at}]`;
    if (!isRecord(entry) || typeof entry.index !== 'number') return { ok: false, problem: `${where} has no turn "index".` };
    if (entry.fields === undefined) continue;
    if (!isRecord(entry.fields)) return { ok: false, problem: `${where}.fields is not an object.` };
    const turn = dialogue.turns.find((candidate) => candidate.index === entry.index);
    if (!turn) return { ok: false, problem: `${where} names turn ${entry.index}, which the dialogue does not have.` };
    const llm: TurnToCheck['llm'] = {};
    const expert = new Map<string, readonly string[]>();
    for (const [fieldId, record] of Object.entries(entry.fields)) {
      const field = codebook.fields.find((candidate) => candidate.id === fieldId);
      if (!field) continue;
      if (!isRecord(record)) return { ok: false, problem: `${where}.fields.${fieldId} is not an object.` };
      if (typeof record.decision !== 'string' || !DECISIONS.has(record.decision)) return { ok: false, problem: `${where}.fields.${fieldId}.decision must be "accepted", "changed", "unsure" or "labelled" (got ${JSON.stringify(record.decision) ?? 'nothing'}).` };
      if (record.pre !== null && typeof record.pre !== 'string') return { ok: false, problem: `${where}.fields.${fieldId}.pre must be the pre-annotation text or null.` };
      if (record.leftEmpty === true) {
        leftEmpty++;
        continue;
      }
      if (typeof record.pre === 'string') llm[fieldId] = normalizeValue(field, record.pre);
      expert.set(fieldId, turn.pre[fieldId]?.codes ?? []);
    }
    if (expert.size > 0) {
      turns.push({ dialogueId, teacherModel, turnIndex: entry.index, origin: { file, line: dialogue.line, entry: at }, stratum: 'all', speaker: turn.speaker, llm, expert });
    }
  }
  return { ok: true, exported: true, turns, leftEmpty };
}
