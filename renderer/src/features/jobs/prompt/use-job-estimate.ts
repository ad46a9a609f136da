import { useEffect, useState } from 'react';
import type { Codebook } from '../../../../../shared/codebook/types';
import type { PreAnnotationDialogue } from '../../../../../shared/llm/pre-annotation-job';
import type { PromptTemplate } from '../../../../../shared/llm/prompt-template';
import { estimatePreAnnotationJob, type JobTokenEstimate } from '../../../../../shared/llm/token-estimate';
import { errorMessage } from '../../../db/errors';

export type EstimateState = { status: 'pending' } | { status: 'failed'; message: string } | { status: 'ready'; estimate: JobTokenEstimate };

/** Waits this long after the last key before estimating a whole job again: a big data set takes a moment. */
const SETTLE_MS = 250;

/** The token estimate of asking `dialogues` with `template`, recomputed once typing pauses. */
export function useJobEstimate(codebook: Codebook, template: PromptTemplate | null, dialogues: readonly PreAnnotationDialogue[] | null): EstimateState {
  const [state, setState] = useState<EstimateState>({ status: 'pending' });
  useEffect(() => {
    if (!template || !dialogues) {
      setState({ status: 'pending' });
      return undefined;
    }
    const timer = setTimeout(() => {
      try {
        setState({ status: 'ready', estimate: estimatePreAnnotationJob({ codebook, template, dialogues }) });
      } catch (error) {
        setState({ status: 'failed', message: errorMessage(error) });
      }
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [codebook, template?.system, template?.user, template?.id, dialogues]);
  return state;
}
