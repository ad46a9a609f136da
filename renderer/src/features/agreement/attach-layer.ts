/**
 * "Attach a second annotator's file" from the agreement view: the import wizard's file picker,
 * into this data set, with "Attach as an annotation layer" already ticked once the report shows.
 */
import { useImportStore, type ImportState } from '../../stores/import/store';

function tickAttach(state: ImportState, datasetId: string): boolean {
  if (state.step !== 'report' || state.target.kind !== 'existing' || state.target.datasetId !== datasetId) return false;
  if (state.layer === null) state.setAttachAsLayer(true);
  return true;
}

export async function pickFileToAttach(datasetId: string): Promise<void> {
  await useImportStore.getState().pickFiles('files', datasetId);
  if (tickAttach(useImportStore.getState(), datasetId) || useImportStore.getState().step !== 'mapping') return;
  // A delimited file asks for its columns first; the option is ticked when its report shows.
  const stop = useImportStore.subscribe((state) => {
    if (state.step === 'idle' || tickAttach(state, datasetId)) stop();
  });
}
