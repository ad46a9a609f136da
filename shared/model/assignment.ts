/**
 * Assignment packages (issue 11): a data set's owner exports chosen dialogues for a named
 * annotator as one file; the annotator works on them in their own profile and sends back a work
 * package, which becomes a layer of the owner's data set.
 */

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
}
