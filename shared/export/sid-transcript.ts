import { fieldById } from '../codebook/lookup';
import type { Codebook } from '../codebook/types';
import type { Turn } from '../model/dataset';
import type { FieldReview } from '../model/review';
import { expertValue } from './expert-value';
import { sidFieldText } from './sid-values';
import { effectiveSpeaker } from './value-status';

/** One turn of a SID record's `dialogue` as the export writes it, and what the source had where the expert corrected it. */
export interface ExportedTranscript {
  role: string;
  content: string;
  /** the role as imported, when the expert corrected the speaker */
  originalSpeaker?: string;
  /** the text as imported, when the expert corrected the utterance */
  originalUtterance?: string;
}

/** The utterance to export: the expert's correction when there is one, else the turn's text. */
function exportedUtterance(turn: Turn, codebook: Codebook, reviews: ReadonlyMap<string, FieldReview>): string {
  const field = fieldById(codebook, 'utterance');
  return field && field.type === 'text' ? expertValue(turn, field, reviews.get(`${turn.id}|utterance`)).text : turn.utterance;
}

/**
 * The role to export. A corrected speaker is written as the annotation's `speaker` is (the label
 * SID files use, `教师`/`学生`): the importer reads a turn's speaker from `dialogue[i].role` and
 * aligns an annotation only to a turn whose speaker agrees with its own, so writing the
 * correction in the annotation alone would set the turn's labels aside on re-import. A speaker the
 * expert left as it was keeps the role as imported (`老师` stays `老师`).
 */
function exportedRole(turn: Turn, codebook: Codebook, reviews: ReadonlyMap<string, FieldReview>): string {
  const field = fieldById(codebook, 'speaker');
  if (!field || effectiveSpeaker(turn, reviews) === turn.speaker) return turn.speakerRaw;
  const written = sidFieldText(field, expertValue(turn, field, reviews.get(`${turn.id}|speaker`)));
  return written.trim() === '' ? turn.speakerRaw : written;
}

export function exportedTranscript(turn: Turn, codebook: Codebook, reviews: ReadonlyMap<string, FieldReview>): ExportedTranscript {
  const transcript: ExportedTranscript = { role: exportedRole(turn, codebook, reviews), content: exportedUtterance(turn, codebook, reviews) };
  if (transcript.role !== turn.speakerRaw) transcript.originalSpeaker = turn.speakerRaw;
  if (transcript.content !== turn.utterance) transcript.originalUtterance = turn.utterance;
  return transcript;
}
