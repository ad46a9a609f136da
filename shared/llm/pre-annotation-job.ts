import type { Codebook } from '../codebook/types';
import type { JobDefinition } from '../jobs/definition';
import type { TokenCounts } from '../jobs/types';
import type { TurnLabels } from './checked-answer';
import type { SamplingParameters } from './connection';
import type { DialogueTurn } from './dialogue-turn';
import type { PromptTemplate, PromptTemplateRef } from './prompt-template';
import type { WindowOptions } from './windows';

/**
 * What a pre-annotation job carries: the dialogues themselves (main has no IndexedDB; the
 * renderer sends what it asks about, and the journal keeps it so an interrupted job resumes
 * without the renderer), the codebook and prompt they are asked with, and the layer the answers
 * go to. Item ids are the dialogue ids, in the order given.
 */
export interface PreAnnotationParameters {
  datasetId: string;
  /** the name of the layer the labels go to, one per connection: `${layerName} · ${connection name}` when there are several */
  layerName: string;
  codebook: Codebook;
  template: PromptTemplate;
  /** over the connection's own sampling and the paper's defaults, parameter by parameter */
  sampling?: SamplingParameters;
  window?: WindowOptions;
  dialogues: PreAnnotationDialogue[];
}

export interface PreAnnotationDialogue {
  id: string;
  turns: DialogueTurn[];
}

export type PreAnnotationJobDefinition = JobDefinition<'pre-annotation', PreAnnotationParameters>;

/** One call as a result records it (the engine's CallRecord, without anything of the key). */
export interface StoredCall {
  baseURL: string;
  model: string;
  parameters: Record<string, number | string>;
  template: PromptTemplateRef | null;
  raw: string;
  parseStatus: 'valid' | 'invalid' | 'no-answer';
  reasons: string[];
  tokens: TokenCounts;
  latencyMs: number;
  attempts: number;
  fromCache: boolean;
  at: string;
  appVersion: string;
}

/** What a finished pre-annotation item gives the renderer: the dialogue's labels, turn by turn, and the calls that produced them. */
export interface PreAnnotationPayload {
  dialogueId: string;
  connectionId: string;
  /** one per turn of the dialogue, in order, every asked field (empty where it does not apply) */
  turns: TurnLabels[];
  /** one per window asked */
  calls: StoredCall[];
}

/** Limits a job's definition must stay within (it crosses IPC and is journaled whole). */
export const MAX_PRE_ANNOTATION_DIALOGUES = 50_000;
export const MAX_TURNS_PER_DIALOGUE = 5_000;

/** Problems with the parameters beyond their shape, in words; empty when the job can run. */
export function preAnnotationParameterProblems(definition: PreAnnotationJobDefinition): string[] {
  const problems: string[] = [];
  const { dialogues } = definition.parameters;
  if (dialogues.length > MAX_PRE_ANNOTATION_DIALOGUES) problems.push(`a job takes at most ${MAX_PRE_ANNOTATION_DIALOGUES.toLocaleString('en-US')} dialogues (got ${dialogues.length.toLocaleString('en-US')})`);
  const byId = new Map(dialogues.map((dialogue) => [dialogue.id, dialogue]));
  if (byId.size !== dialogues.length) problems.push('the dialogues hold the same id more than once');
  const missing = definition.itemIds.filter((id) => !byId.has(id));
  if (missing.length > 0) problems.push(`${missing.length} item(s) name no dialogue of the job (first: ${JSON.stringify(missing[0])})`);
  for (const dialogue of dialogues) {
    if (dialogue.turns.length === 0) problems.push(`dialogue ${JSON.stringify(dialogue.id)} has no turns`);
    else if (dialogue.turns.length > MAX_TURNS_PER_DIALOGUE) problems.push(`dialogue ${JSON.stringify(dialogue.id)} has ${dialogue.turns.length} turns; at most ${MAX_TURNS_PER_DIALOGUE} are asked for`);
    if (problems.length > 20) break;
  }
  if (definition.parameters.layerName.trim() === '') problems.push('the layer needs a name');
  // one layer holds one value per turn: repeated draws would overwrite each other (they are for judge runs)
  if ((definition.samples ?? 1) !== 1) problems.push(`a pre-annotation asks each dialogue once per connection (samples must be 1, got ${definition.samples})`);
  return problems;
}
