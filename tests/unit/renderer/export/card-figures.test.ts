import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { codebookVersionHash, DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { exportCodebookVersion, loadCardInput, loadExportContext } from '../../../../renderer/src/stores/export/card-figures';
import { runAgreement, type AgreementRequest } from '../../../../renderer/src/stores/agreement/run-agreement';
import { editedCodebook } from '../codebook/edited-version';
import { freshDbName, openDb, seedDialogue } from '../review/fixtures';

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

describe("the dataset card's agreement", () => {
  it("is computed with the data set's codebook version, handed to the computation (the worker resolves nothing)", async () => {
    const db = openDb(freshDbName());
    try {
      await seedDialogue(db);
      const dataset = (await db.datasets.get('ds1'))!;
      const codebook = editedCodebook();
      const requests: AgreementRequest[] = [];
      const computeAgreement = async (request: AgreementRequest) => {
        requests.push(request);
        return runAgreement(db, request, () => undefined);
      };
      const context = await loadExportContext(db, dataset, codebook);
      await loadCardInput(db, { dataset, codebook, items: [], scope: 'all', format: 'sid-jsonl', adjudicated: false, unsureValues: 'empty', context, computeAgreement });
      expect(requests.map((request) => request.codebook)).toEqual([codebook]);
    } finally {
      db.close();
    }
  });
});
