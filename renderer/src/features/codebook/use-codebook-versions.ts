import { useLiveQuery } from 'dexie-react-hooks';
import { getDb } from '../../db/db';
import { loadCodebookVersionUse } from '../../db/repositories/codebook-versions';

/** Every stored codebook version and every data set, live: a save or a move shows at once. Undefined while loading. */
export function useCodebookVersionUse() {
  return useLiveQuery(() => loadCodebookVersionUse(getDb()), []);
}
