/**
 * The import wizard's "attach as an annotation layer" option: one chosen file matched to the
 * stored dialogues of the target data set, so the user sees every mismatch before confirming.
 */
import { matchLayerToDataset, type LayerAttachment } from '../../../../shared/layers/match-to-dataset';
import type { ParsedFile } from '../../../../shared/model/dataset';
import type { MaieuticDb } from '../../db/db';
import type { LayerKind, LayerRow } from '../../../../shared/model/layer';
import { findLayerByContentHash, storedDialoguesForLayer } from '../../db/repositories/layers';

/** The user's choice while the option is on. */
export interface LayerChoice {
  name: string;
  kind: LayerKind;
}

export type LayerPreview =
  | { status: 'idle' }
  | { status: 'matching' }
  /** attaching takes exactly one chosen file */
  | { status: 'needs-one-file'; chosen: number }
  | { status: 'ready'; datasetId: string; file: string; contentHash: string; matched: LayerAttachment; alreadyAttachedAs: string | null }
  | { status: 'failed'; message: string };

/** A layer name from the file name: the last path part without its extension. */
export function suggestLayerName(fileName: string): string {
  const last = fileName.split(/[\\/]+/).filter((part) => part !== '').at(-1) ?? fileName;
  return last.replace(/\.(jsonl|json|csv|tsv|txt)$/i, '');
}

export async function previewLayer(db: MaieuticDb, datasetId: string, parsed: ParsedFile): Promise<Extract<LayerPreview, { status: 'ready' }>> {
  const stored = await storedDialoguesForLayer(db, datasetId);
  const matched = matchLayerToDataset(stored, parsed);
  const prior: LayerRow | undefined = await findLayerByContentHash(db, datasetId, parsed.contentHash);
  return { status: 'ready', datasetId, file: parsed.file, contentHash: parsed.contentHash, matched, alreadyAttachedAs: prior?.name ?? null };
}
