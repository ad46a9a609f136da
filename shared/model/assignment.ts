/**
 * Assignment packages (issue 11): a data set's owner exports chosen dialogues for a named
 * annotator as one file; the annotator works on them in their own profile and sends back a work
 * package, which becomes a layer of the owner's data set.
 */
import type { ReviewDecision } from './review';

/** An assignment package as the owner exported it, or as an annotator's profile opened it. */
export interface AssignmentRow {
  /** the package id, written into the file and into the work package that comes back */
  id: string;
  /** the owner's data set (in the owner's profile) or the data set made from the package (in the annotator's) */
  datasetId: string;
  /** 'sent': exported from this profile; 'received': this profile's data set was made from it */
  direction: 'sent' | 'received';
  annotatorName: string;
  /** the owner's data-set id and name, as the package names them */
  sourceDatasetId: string;
  sourceDatasetName: string;
  dialogueIds: string[];
  /** pre-annotations and other annotators' values were left out of the package */
  blind: boolean;
  codebookId: string;
  codebookVersion: string;
  /** shared/codebook/version-hash.ts of the codebook the package carries */
  codebookHash: string;
  createdAt: string;
  /** set in the owner's profile once a work package for this assignment was imported (its layer) */
  importedLayerId?: string;
  /** the id of the work package that layer was made from: the same package imported again is named as such */
  importedWorkId?: string;
  /** in the annotator's profile: the local data set's dialogue id for each of `dialogueIds`, same order */
  localDialogueIds?: string[];
}

/**
 * What a layer made from a work package keeps of each turn beyond its values (LayerValueRow.work):
 * per field the annotator's decision (unsure stays unsure), name and time, and the turn's
 * verified flag, so the annotator's work survives the round trip whole.
 */
export interface WorkTurnRecord {
  fields: Record<string, { decision: ReviewDecision; reviewer: string; at: string }>;
  verified?: { verified: boolean; reviewer: string; at: string };
}
