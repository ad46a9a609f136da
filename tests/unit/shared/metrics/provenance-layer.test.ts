/**
 * What the metrics read of a Maieutic export's provenance before scoring it: turns a scoped export
 * wrote without labels (`inScope: false`), and whether the provenance is a version this tool reads.
 * The provenance is untrusted file content: odd entries count for nothing, never for a turn twice.
 */
import { describe, expect, it } from 'vitest';
import { KNOWN_PROVENANCE_VERSIONS, PROVENANCE_VERSION } from '../../../../shared/export';
import { provenanceVersionProblem, turnsLeftOutOfExport } from '../../../../shared/metrics';

const turns = [0, 1, 2].map((index) => ({ index }) as { index: number } & Record<string, never>);
const dialogue = (maieutic: unknown) => ({ extra: maieutic === undefined ? {} : { maieutic }, turns }) as unknown as Parameters<typeof turnsLeftOutOfExport>[0];

describe('turns a scoped export left without labels', () => {
  it('counts the turns marked inScope: false, each once, and only turns the dialogue has', () => {
    const provenance = { version: 5, turns: [{ index: 0, inScope: true }, { index: 1, inScope: false }, { index: 1, inScope: false }, { index: 7, inScope: false }, { index: '2', inScope: false }, null, 'x', { index: 2, inScope: 'false' }] };
    expect(turnsLeftOutOfExport(dialogue(provenance))).toBe(1);
  });

  it('is none without provenance, or with provenance of whole dialogues (older versions have no inScope)', () => {
    expect(turnsLeftOutOfExport(dialogue(undefined))).toBe(0);
    expect(turnsLeftOutOfExport(dialogue({ version: 1, turns: [{ index: 0, fields: {} }] }))).toBe(0);
    expect(turnsLeftOutOfExport(dialogue({ version: 5, turns: 'nope' }))).toBe(0);
  });
});

describe('the provenance version', () => {
  it('every version an export has written is read, the current one among them', () => {
    expect(KNOWN_PROVENANCE_VERSIONS).toContain(PROVENANCE_VERSION);
    for (const version of KNOWN_PROVENANCE_VERSIONS) expect(provenanceVersionProblem(dialogue({ version, turns: [] }))).toBeNull();
  });

  it('another version, or none, is named as the problem', () => {
    expect(provenanceVersionProblem(dialogue({ version: 99, turns: [] }))).toContain('is version 99');
    expect(provenanceVersionProblem(dialogue({ version: '5', turns: [] }))).toContain('is version "5"');
    expect(provenanceVersionProblem(dialogue({ turns: [] }))).toContain('has no version');
    // no provenance at all is a file never exported, not a problem
    expect(provenanceVersionProblem(dialogue(undefined))).toBeNull();
  });
});
