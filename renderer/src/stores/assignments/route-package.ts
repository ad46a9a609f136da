import type { SourceFile } from '../../../../shared/model/dataset';
import { packageKindOf } from '../../../../shared/packages';
import { getDb } from '../../db/db';
import { getDataset } from '../../db/repositories/datasets';
import { useAppStore } from '../app/store';
import { useAssignmentStore } from './store';

/**
 * A Maieutic package opened or dropped like any other file goes to the assignment flow instead of
 * the import wizard: an assignment is opened (after the annotator confirms the name), work is
 * imported into the data set it names — the open one, or the one with its id in this profile.
 */
export async function routePackage(files: readonly SourceFile[], targetDatasetId: string | null | undefined): Promise<void> {
  if (!isPackage(files)) return;
  const [file] = files;
  const kind = packageKindOf(file.text);
  const store = useAssignmentStore.getState();
  if (kind === 'assignment') {
    await store.receivePackage(file);
    return;
  }
  const datasetId = targetDatasetId ?? (await datasetNamedBy(file.text));
  if (datasetId) {
    useAppStore.getState().openDataset(datasetId);
    await store.importWork(datasetId, file);
  } else {
    useAppStore.getState().goTo('start');
    useAssignmentStore.setState({ openOutcome: { kind: 'refused', refusal: { code: 'dataset-mismatch', message: `${file.name}: $.dataset.id: no data set of this profile has this id; work can only be imported into the data set its assignment was exported from` } } });
  }
}

/** One file whose text starts like a Maieutic package. */
export function isPackage(files: readonly SourceFile[]): boolean {
  return files.length === 1 && packageKindOf(files[0].text) !== null;
}

async function datasetNamedBy(text: string): Promise<string | null> {
  try {
    const id = (JSON.parse(text) as { dataset?: { id?: unknown } }).dataset?.id;
    if (typeof id !== 'string') return null;
    return (await getDataset(getDb(), id)) ? id : null;
  } catch {
    return null;
  }
}
