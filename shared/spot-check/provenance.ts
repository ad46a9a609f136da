/**
 * The turns an expert reviewed in a Maieutic SID export, read for a spot-check: the provenance
 * (`maieutic.turns[i].fields[fieldId] = { decision, pre, … }`, shared/export/sid-jsonl.ts) names
 * each reviewed field and the raw LLM pre-annotation the expert saw; the record's annotations
 * hold the expert's value. The LLM side is `pre` normalised by the codebook as the import does.
 */
import { normalizeValue } from '../codebook/normalize-value';
import type { Codebook } from '../codebook/types';
import type { ParsedDialogue } from '../model/dataset';
import type { TurnToCheck } from './checked-values';

const DECISIONS = new Set(['accepted', 'changed', 'unsure', 'labelled']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export type ReviewedTurns = { ok: true; exported: boolean; turns: TurnToCheck[] } | { ok: false; problem: string };

/**
 * The reviewed turns of one dialogue (stratum "all"); `exported` false when the record carries no
 * `maieutic` provenance (not a Maieutic export). A provenance that is there but malformed is a
 * problem naming where in it: a spot-check must not quietly skip what an expert reviewed.
 */
export function reviewedTurns(dialogue: Pick<ParsedDialogue, 'extra' | 'turns'>, codebook: Codebook): ReviewedTurns {
  const provenance = dialogue.extra.maieutic;
  if (provenance === undefined) return { ok: true, exported: false, turns: [] };
  if (!isRecord(provenance) || !Array.isArray(provenance.turns)) return { ok: false, problem: 'The "maieutic" review provenance has no "turns" list.' };
  const turns: TurnToCheck[] = [];
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
      if (typeof record.pre === 'string') llm[fieldId] = normalizeValue(field, record.pre);
      expert.set(fieldId, turn.pre[fieldId]?.codes ?? []);
    }
    if (expert.size > 0) turns.push({ stratum: 'all', speaker: turn.speaker, llm, expert });
  }
  return { ok: true, exported: true, turns };
}
