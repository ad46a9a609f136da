/**
 * Which source the review view shows as the suggestion beside the expert's value: the imported
 * pre-annotation (the default) or one of the data set's annotation layers. The choice is kept per
 * data set in the settings table, so it survives a reload and every window shows the same one.
 */
import type { FieldValues } from '../../../../shared/model/dataset';
import type { MaieuticDb } from '../db';
import type { LayerKind } from '../../../../shared/model/layer';
import { listLayers } from './layers';
import { ValidationError } from './validate';
import { checkedRow } from './row-checks';

export interface SuggestionLayer {
  id: string;
  name: string;
  kind: LayerKind;
}

export type Suggestion =
  | {
      kind: 'imported';
      /** the layer chosen earlier that is no longer in the data set (the imported pre-annotation stands in); null when none was chosen */
      missingLayerId: string | null;
    }
  | {
      kind: 'layer';
      layer: SuggestionLayer;
      /** the layer's values by turn id; a turn without an entry got none from this layer */
      values: ReadonlyMap<string, FieldValues>;
    };

export interface SuggestionChoice {
  /** the data set's layers, oldest first: what the chooser offers besides the imported pre-annotation */
  layers: SuggestionLayer[];
  suggestion: Suggestion;
}

export const IMPORTED_SUGGESTION: Suggestion = { kind: 'imported', missingLayerId: null };

export const suggestionSettingKey = (datasetId: string) => `suggestionLayer:${datasetId}`;

/** The tables loadSuggestion reads, for the caller's transaction. */
export const suggestionTables = (db: MaieuticDb) => [db.settings, db.layers, db.layerValues];

/**
 * The data set's layers and the chosen suggestion for one dialogue, its layer's values read with
 * one indexed read of the dialogue's layer rows. Call inside a transaction over suggestionTables.
 */
export async function loadSuggestion(db: MaieuticDb, datasetId: string, dialogueId: string): Promise<SuggestionChoice> {
  const [setting, layerRows] = await Promise.all([db.settings.get(suggestionSettingKey(datasetId)), listLayers(db, datasetId)]);
  const layers = layerRows.map(({ id, name, kind }) => ({ id, name, kind }));
  const chosenId = typeof setting?.value === 'string' ? setting.value : null;
  if (chosenId === null) return { layers, suggestion: IMPORTED_SUGGESTION };
  const layer = layers.find((candidate) => candidate.id === chosenId);
  if (!layer) return { layers, suggestion: { kind: 'imported', missingLayerId: chosenId } };
  const rows = await db.layerValues.where('dialogueId').equals(dialogueId).toArray();
  const values = new Map(rows.filter((row) => row.layerId === layer.id).map((row) => [row.turnId, row.values]));
  return { layers, suggestion: { kind: 'layer', layer, values } };
}

/** Chooses the suggestion for a data set's review: a layer of that data set, or null for the imported pre-annotation. */
export async function chooseSuggestionLayer(db: MaieuticDb, datasetId: string, layerId: string | null): Promise<void> {
  const key = suggestionSettingKey(datasetId);
  await db.transaction('rw', [db.datasets, db.layers, db.settings], async () => {
    if (!(await db.datasets.get(datasetId))) throw new ValidationError('The data set no longer exists.');
    if (layerId === null) {
      await db.settings.delete(key);
      return;
    }
    const layer = await db.layers.get(layerId);
    if (!layer || layer.datasetId !== datasetId) throw new ValidationError('That annotation layer is not in this data set (it may have been deleted).');
    await db.settings.put(checkedRow('settings', { key, value: layerId }));
  });
}
