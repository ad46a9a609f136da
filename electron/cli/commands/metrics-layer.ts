/**
 * What the scored values are, in words, for the line under Table II. `--layer verified` reads
 * the annotations as the files hold them: only a Maieutic export (review provenance under
 * `maieutic`, see shared/export/sid-jsonl.ts) records which of them an expert checked, so a raw
 * LLM file must not be called "verified".
 */
import { hasReviewProvenance } from '../../../shared/metrics';
import type { ParsedDialogue } from '../../../shared/model/dataset';

export type MetricsLayer = 'verified' | 'llm';

/** What the files' review provenance records, over all dialogues scored. */
export interface ReviewRecord {
  dialogues: number;
  /** dialogues that carry Maieutic review provenance (a Maieutic export) */
  exported: number;
  /** over the exported dialogues: turns, turns the expert verified, field values the expert reviewed */
  turns: number;
  verifiedTurns: number;
  reviewedValues: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function emptyReviewRecord(): ReviewRecord {
  return { dialogues: 0, exported: 0, turns: 0, verifiedTurns: 0, reviewedValues: 0 };
}

/** Adds the counts of `more` (one file's) to `counts`. */
export function addReviewRecords(counts: ReviewRecord, more: ReviewRecord): void {
  counts.dialogues += more.dialogues;
  counts.exported += more.exported;
  counts.turns += more.turns;
  counts.verifiedTurns += more.verifiedTurns;
  counts.reviewedValues += more.reviewedValues;
}

/** Counts one dialogue into `counts`: the record is built a dialogue at a time, as files are read. */
export function addToReviewRecord(counts: ReviewRecord, dialogue: ParsedDialogue): void {
  counts.dialogues++;
  if (!hasReviewProvenance(dialogue)) return;
  counts.exported++;
  counts.turns += dialogue.turns.length;
  const provenance = dialogue.extra.maieutic as { turns: unknown[] };
  for (const turn of provenance.turns) {
    if (!isRecord(turn)) continue;
    if (turn.verified === true) counts.verifiedTurns++;
    if (isRecord(turn.fields)) counts.reviewedValues += Object.keys(turn.fields).length;
  }
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** One sentence naming what was scored, from the layer asked for and what the files record. */
export function describeLayer(layer: MetricsLayer, record: ReviewRecord): string {
  const { dialogues, exported } = record;
  if (layer === 'llm') {
    if (exported === 0) return "Layer: llm — the files' own annotations (no dialogue carries Maieutic review provenance, so a file never reviewed is its own pre-annotation).";
    return (
      `Layer: llm — the LLM pre-annotation: in the ${exported} of ${plural(dialogues, 'dialogue')} exported by Maieutic, every reviewed value is replaced by the pre-annotation recorded in the review provenance` +
      (exported < dialogues ? `; the other ${dialogues - exported} are taken as the files hold them.` : '.')
    );
  }
  if (exported === 0) {
    return "Layer: the files' own annotations, not expert-verified: no dialogue carries Maieutic review provenance, so nothing records that anyone checked them (for an LLM's output file these are the LLM's labels).";
  }
  return (
    `Layer: the files' annotations. ${exported} of ${plural(dialogues, 'dialogue')} ${exported === 1 ? 'is a Maieutic export' : 'are Maieutic exports'}, with ${record.verifiedTurns} of ${plural(record.turns, 'turn')} verified and ${plural(record.reviewedValues, 'value')} reviewed by an expert; ` +
    `every other value is unchecked (the pre-annotation as imported)` +
    (exported < dialogues ? `, and the other ${dialogues - exported} dialogue${dialogues - exported === 1 ? '' : 's'} carry no review record at all.` : '.')
  );
}
