/**
 * What a pre-annotation job is given, built from the stored data set: its dialogues' turns (main
 * has no IndexedDB), its codebook and the chosen prompt template. A sample is drawn with a seed, so the
 * same seed picks the same dialogues again.
 */
import { preAnnotationCodebookProblems } from '../../../../shared/llm/asked-fields';
import type { LlmConnection } from '../../../../shared/llm/connection';
import type { PreAnnotationJobDefinition } from '../../../../shared/llm/pre-annotation-job';
import type { PromptTemplate } from '../../../../shared/llm/prompt-template';
import { seededSample } from '../../../../shared/metrics/random';
import { codebookForDataset, type CodebookRef } from '../../codebook';
import type { MaieuticDb } from '../../db/db';
import { compareSourceOrder, listDialoguesOf } from '../../db/repositories/dialogues';
import { turnsOfDialogues } from '../../db/repositories/turns';

/**
 * Which dialogues a job asks about. `within` is the table's current filter (the ids of the rows it
 * shows): a sample is then drawn from those rows only. Either way the dialogues keep their source
 * order, not the table's sort, so the same filter and seed always give the same items in the same order.
 */
export type JobScope = { kind: 'all'; within?: readonly string[] } | { kind: 'sample'; fraction: number; seed: number; within?: readonly string[] };

/** The layer name offered for a job: the connection and its model for one, a common stem for several. */
export function defaultLayerName(connections: readonly Pick<LlmConnection, 'name' | 'model'>[]): string {
  if (connections.length !== 1) return 'LLM';
  const [{ name, model }] = connections;
  return model === '' || name.includes(model) ? name : `${name} · ${model}`;
}

export interface BuildDefinitionInput {
  datasetId: string;
  /** the data set's codebook reference: its id and recorded version hash (the version's labels are asked for) */
  codebook: CodebookRef;
  connections: readonly LlmConnection[];
  scope: JobScope;
  layerName: string;
  title: string;
  /** the version chosen in the start dialog; stored calls record its id, version and hash */
  template: PromptTemplate;
}

/** The definition, or why the data set's codebook cannot be asked for. Dialogues without turns are left out. */
export async function buildPreAnnotationDefinition(db: MaieuticDb, input: BuildDefinitionInput): Promise<{ definition: PreAnnotationJobDefinition } | { problem: string }> {
  const { codebook } = codebookForDataset(input.codebook);
  const problems = preAnnotationCodebookProblems(codebook);
  if (problems.length > 0) return { problem: problems.join(' ') };
  const stored = (await listDialoguesOf(db, input.datasetId)).sort(compareSourceOrder);
  const within = input.scope.within ? new Set(input.scope.within) : null;
  const dialogues = within ? stored.filter((dialogue) => within.has(dialogue.id)) : stored;
  const chosen = input.scope.kind === 'all' ? dialogues : seededSample(dialogues, input.scope.fraction, input.scope.seed);
  const turns = await turnsOfDialogues(db, chosen.map((dialogue) => dialogue.id));
  const asked = chosen
    .map((dialogue) => ({ id: dialogue.id, turns: (turns.get(dialogue.id) ?? []).map(({ speaker, utterance }) => ({ speaker, utterance })) }))
    .filter((dialogue) => dialogue.turns.length > 0);
  return {
    definition: {
      kind: 'pre-annotation',
      title: input.title,
      connectionIds: input.connections.map((connection) => connection.id),
      itemIds: asked.map((dialogue) => dialogue.id),
      parameters: { datasetId: input.datasetId, layerName: input.layerName.trim(), codebook, template: input.template, dialogues: asked },
    },
  };
}
