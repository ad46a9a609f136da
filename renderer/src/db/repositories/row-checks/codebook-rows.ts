/**
 * Codebook versions: a codebook parseCodebook reads and rules parseConsistencyRules reads against
 * it, under the id and hash codebookVersionRow (codebook-versions.ts) gives them.
 */
import { codebookVersionHash, parseCodebook } from '../../../../../shared/codebook';
import type { Codebook } from '../../../../../shared/codebook/types';
import { parseConsistencyRules } from '../../../../../shared/consistency';
import { codebookVersionId, type CodebookVersionRow } from '../../../../../shared/model/codebook-version';
import { anything, both, isoTime, optional, refusedBy, shape, text } from './check';

const id = text();

export const codebookVersionRow = both(
  shape<CodebookVersionRow>({ id, codebookId: id, hash: id, codebook: anything, rules: anything, basedOn: optional(id), createdAt: isoTime, reviewer: optional(text()) }),
  refusedBy((value) => {
    const row = value as CodebookVersionRow;
    const codebook: Codebook = parseCodebook(row.codebook, 'the stored codebook');
    parseConsistencyRules(row.rules, codebook, 'the stored consistency rules');
    if (codebook.id !== row.codebookId) throw new Error(`it holds codebook "${codebook.id}", not "${row.codebookId}"`);
    if (codebookVersionHash(row.codebook) !== row.hash) throw new Error('the hash is not the hash of the codebook it holds');
    if (row.id !== codebookVersionId(row.codebookId, row.hash)) throw new Error(`the id must be "${codebookVersionId(row.codebookId, row.hash)}"`);
  }),
);
