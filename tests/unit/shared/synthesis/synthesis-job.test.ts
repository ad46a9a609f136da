/**
 * The rubric-synthesis job contract (issue 15): the builder gives a one-round definition on the
 * judge connection, and synthesisParameterProblems refuses what a round cannot run.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSynthesisDefinition, synthesisParameterProblems, type SynthesisJobDefinition } from '../../../../shared/synthesis';
import { RESOURCES_DIR } from '../../../support/repo-paths';

const source = () => readFile(join(RESOURCES_DIR, 'synthesis', 'elmes-scenegen.yaml'), 'utf8');

async function round0(): Promise<SynthesisJobDefinition> {
  const built = buildSynthesisDefinition({ specSource: await source(), specFile: 'elmes-scenegen.yaml', round: 0, judgeConnectionId: 'judge', roleConnections: { drafter: 'd', generator: 'g' } });
  if (!built.ok) throw new Error(built.problems.join('\n'));
  return built.definition;
}

describe('rubric-synthesis job definitions', () => {
  it('builds round 0 as one work item on the judge connection, the other roles in parameters', async () => {
    const definition = await round0();
    expect(definition).toMatchObject({ kind: 'rubric-synthesis', itemIds: ['round-0'], connectionIds: ['judge'], parameters: { round: 0, roleConnections: { drafter: 'd', generator: 'g' } } });
    expect(definition.parameters.specHash).toMatch(/\S{16,}/);
    expect(synthesisParameterProblems(definition)).toEqual([]);
  });

  it('refuses a hash mismatch, a wrong item id, a second connection, a missing role, too many answers per item and a round 0 that carries state', async () => {
    const definition = await round0();
    const problems = synthesisParameterProblems({
      ...definition,
      itemIds: ['round-1'],
      connectionIds: ['judge', 'other'],
      parameters: { ...definition.parameters, specHash: 'nope', roleConnections: { drafter: 'd' }, answersPerItem: 99, carried: { metrics: [], locked: [], expertEdits: [], testItems: [], answers: [], anchors: [], firstAnchorScores: [], previousAnchorScores: [], rounds: [] } },
    });
    expect(problems).toEqual([
      'specHash does not match the spec text',
      'itemIds must be ["round-0"]',
      'connectionIds must be the judge connection alone',
      'roleConnections.generator is required',
      'answersPerItem must be 1 to 8',
      'round 0 carries nothing',
    ]);
  });

  it('takes further teacher models to compare, each once and none the generator itself', async () => {
    const definition = await round0();
    const withModels = (extraGenerators: string[]) => synthesisParameterProblems({ ...definition, parameters: { ...definition.parameters, extraGenerators } });
    expect(withModels(['t2', 't3'])).toEqual([]);
    expect(withModels(['t2', 't2'])).toEqual(['extraGenerators must differ from each other and from the generator']);
    expect(withModels(['g'])).toEqual(['extraGenerators must differ from each other and from the generator']);
    expect(withModels(['a', 'b', 'c', 'd', 'e'])).toEqual(['extraGenerators: at most 4']);
    expect(withModels([''])).toEqual(['extraGenerators must be connection ids']);
  });

  it('refuses a spec with problems, naming them', async () => {
    const built = buildSynthesisDefinition({ specSource: (await source()).replace('weight: 0.3', 'weight: 0.5'), specFile: 'bad.yaml', round: 0, judgeConnectionId: 'judge', roleConnections: { drafter: 'd', generator: 'g' } });
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.problems.join('\n')).toMatch(/bad\.yaml:\d+:\d+: .*weight/i);
  });
});
