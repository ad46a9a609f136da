/**
 * Who did a piece of expert work. Every review row names its annotator (`annotatorId`), so work
 * by several people in one data set (issue 11: spot-checks, assignments, adjudication) can be
 * told apart; the reviewer of this profile is an 'expert' / 'human' annotator.
 */

export type AnnotatorRole = 'annotator' | 'adjudicator' | 'expert';

export type AnnotatorKind = 'human' | 'llm';

export interface Annotator {
  id: string;
  /** as the person gave it in settings (or in an assignment package) */
  name: string;
  role: AnnotatorRole;
  kind: AnnotatorKind;
  /** ISO time the record was made */
  createdAt: string;
}
