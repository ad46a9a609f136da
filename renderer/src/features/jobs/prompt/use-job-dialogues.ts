import { useEffect, useState } from 'react';
import type { PreAnnotationDialogue } from '../../../../../shared/llm/pre-annotation-job';
import { DEFAULT_PRE_ANNOTATION_TEMPLATE } from '../../../../../shared/llm/prompt-template';
import type { CodebookRef } from '../../../codebook';
import { getDb } from '../../../db/db';
import { errorMessage } from '../../../db/errors';
import { listDialoguesOf } from '../../../db/repositories/dialogues';
import { buildPreAnnotationDefinition, type JobScope } from '../build-definition';

export type JobDialogues =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; dialogues: PreAnnotationDialogue[]; /** how people tell them apart, in the same order */ labels: string[] };

/**
 * The dialogues a job over `scope` would ask, with their turns: built as the job's definition is
 * (the same selection and order), so the preview and the estimate show what the job sends.
 */
export function useJobDialogues(open: boolean, datasetId: string, codebook: CodebookRef, scope: JobScope): JobDialogues {
  const { codebookId, codebookHash } = codebook;
  const [state, setState] = useState<JobDialogues>({ status: 'loading' });
  const scopeKey = JSON.stringify(scope);
  useEffect(() => {
    if (!open) return undefined;
    let current = true;
    setState({ status: 'loading' });
    void (async () => {
      try {
        const db = getDb();
        const built = await buildPreAnnotationDefinition(db, { datasetId, codebook: { codebookId, codebookHash }, connections: [], scope, layerName: '-', title: '', template: DEFAULT_PRE_ANNOTATION_TEMPLATE });
        if ('problem' in built) throw new Error(built.problem);
        const rows = new Map((await listDialoguesOf(db, datasetId)).map((row) => [row.id, row]));
        const { dialogues } = built.definition.parameters;
        const labels = dialogues.map((dialogue) => {
          const row = rows.get(dialogue.id);
          return row ? [row.teacherModel, row.externalId].filter((part) => part !== '').join(' · ') || dialogue.id : dialogue.id;
        });
        if (current) setState({ status: 'ready', dialogues, labels });
      } catch (error) {
        if (current) setState({ status: 'failed', message: errorMessage(error) });
      }
    })();
    return () => {
      current = false;
    };
    // the scope is compared by value: the dialog makes a new object every render
  }, [open, datasetId, codebookId, codebookHash, scopeKey]);
  return state;
}
