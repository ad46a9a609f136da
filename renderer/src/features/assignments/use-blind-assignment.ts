import { useLiveQuery } from 'dexie-react-hooks';
import { getDb } from '../../db/db';
import { receivedAssignmentOf } from '../../db/repositories/assignments-received';

/**
 * Whether the data set was opened from a blind assignment package. A blind annotator must label
 * without a model's suggestion, so the views that would produce one (pre-annotation) are not offered.
 */
export function useIsBlindAssignment(datasetId: string): boolean {
  const received = useLiveQuery(() => receivedAssignmentOf(getDb(), datasetId), [datasetId]);
  return received?.blind === true;
}
