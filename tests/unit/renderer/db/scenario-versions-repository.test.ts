import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { scenarioTemplate, scenarioTemplates } from '../../../../renderer/src/db/repositories/scenario-templates';
import { getScenarioVersion, listSavedScenarios, listScenarioVersions, saveScenarioVersion, ScenarioInvalidError } from '../../../../renderer/src/db/repositories/scenario-versions';
import { parseScenarioOrThrow, scenarioHash } from '../../../../shared/scenario';
import { freshDb } from '../fixtures';

const clock = (...stamps: string[]) => {
  let index = 0;
  return () => new Date(stamps[Math.min(index++, stamps.length - 1)]);
};

function sid(): string {
  return scenarioTemplate('sid-teacher-led.yaml')!.source;
}

describe('scenario versions', () => {
  it('bundles the three templates, each valid, in the order SID, Socratic Students, Elmes+', () => {
    expect(scenarioTemplates().map((template) => template.scenario.id)).toEqual(['sid-teacher-led', 'socratic-students', 'socratic-students-strategies', 'elmes-single-turn']);
    for (const template of scenarioTemplates()) expect(template.hash).toBe(scenarioHash(parseScenarioOrThrow(template.source, template.file)));
  });

  it('stores a version under id@hash with its text as written, and the same content once (even formatted otherwise)', async () => {
    const db = freshDb();
    const now = clock('2026-12-03T10:00:00.000Z', '2026-12-03T11:00:00.000Z');
    const first = await saveScenarioVersion(db, sid(), 'sid-teacher-led.yaml', now);
    expect(first.alreadyStored).toBe(false);
    expect(first.row.id).toBe(`sid-teacher-led@${scenarioTemplate('sid-teacher-led.yaml')!.hash}`);
    expect(first.row.source).toBe(sid());
    expect(first.row.createdAt).toBe('2026-12-03T10:00:00.000Z');
    // a comment added changes nothing the hash sees: the stored row stays as it was
    const again = await saveScenarioVersion(db, `# my copy\n${sid()}`, 'editor', now);
    expect(again).toEqual({ row: first.row, alreadyStored: true });
    expect((await getScenarioVersion(db, first.row.id))?.source).toBe(sid());
  });

  it('lists the versions of a scenario newest first, and each scenario once with its newest version', async () => {
    const db = freshDb();
    const now = clock('2026-12-03T10:00:00.000Z', '2026-12-03T11:00:00.000Z', '2026-12-03T12:00:00.000Z');
    const one = await saveScenarioVersion(db, sid(), 'sid-teacher-led.yaml', now);
    const two = await saveScenarioVersion(db, sid().replace('max_turns: 20', 'max_turns: 12'), 'editor', now);
    const elmes = await saveScenarioVersion(db, scenarioTemplate('elmes-single-turn.yaml')!.source, 'elmes-single-turn.yaml', now);
    expect(two.row.hash).not.toBe(one.row.hash);
    expect((await listScenarioVersions(db, 'sid-teacher-led')).map((row) => row.id)).toEqual([two.row.id, one.row.id]);
    const saved = await listSavedScenarios(db);
    expect(saved.map((entry) => [entry.scenarioId, entry.latest.id, entry.versionCount])).toEqual([
      ['elmes-single-turn', elmes.row.id, 1],
      ['sid-teacher-led', two.row.id, 2],
    ]);
  });

  it('refuses an invalid text with its problems and stores nothing', async () => {
    const db = freshDb();
    const broken = sid().replace('{{topic_text}}', '{{topic_txt}}');
    const error = await saveScenarioVersion(db, broken, 'editor').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ScenarioInvalidError);
    expect((error as ScenarioInvalidError).problems.map((problem) => problem.path)).toEqual(['roles.teacher.system']);
    expect(await listSavedScenarios(db)).toEqual([]);
  });
});
