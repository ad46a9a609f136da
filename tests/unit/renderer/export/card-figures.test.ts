import { describe, expect, it } from 'vitest';
import { codebookVersionHash, DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { exportCodebookVersion } from '../../../../renderer/src/stores/export/card-figures';

const dataset = { id: 'ds', name: 'D', createdAt: '2026-01-01T00:00:00.000Z', codebookId: DEFAULT_CODEBOOK.id };

describe('the codebook version an export names', () => {
  it("is the data set's recorded codebook hash when the row has one", () => {
    expect(exportCodebookVersion({ ...dataset, codebookHash: 'feedc0de' }, DEFAULT_CODEBOOK)).toEqual({ id: DEFAULT_CODEBOOK.id, version: DEFAULT_CODEBOOK.version, hash: 'feedc0de' });
  });

  it('else the hash of the codebook in use', () => {
    expect(exportCodebookVersion(dataset, DEFAULT_CODEBOOK).hash).toBe(codebookVersionHash(DEFAULT_CODEBOOK));
    expect(exportCodebookVersion({ ...dataset, codebookHash: '' }, DEFAULT_CODEBOOK).hash).toBe(codebookVersionHash(DEFAULT_CODEBOOK));
  });
});
