import type { SourceRecord } from '../../../../shared/model/dataset';
import type { MaieuticDb } from '../db';

/** An earlier import of a file with the same content. */
export interface PriorImport {
  contentHash: string;
  file: string;
  importedAt: string;
  datasetId: string;
  /** null when the data set has since been deleted (its sources go with it, so this is rare) */
  datasetName: string | null;
}

/** Earlier imports of any of these contents, oldest first. */
export async function findPriorImports(db: MaieuticDb, contentHashes: readonly string[]): Promise<PriorImport[]> {
  if (contentHashes.length === 0) return [];
  return db.transaction('r', [db.sources, db.datasets], async () => {
    const sources = await db.sources.where('contentHash').anyOf([...contentHashes]).toArray();
    const datasetIds = [...new Set(sources.map((source) => source.datasetId))];
    const datasets = await db.datasets.bulkGet(datasetIds);
    const nameById = new Map(datasets.flatMap((dataset) => (dataset ? [[dataset.id, dataset.name] as const] : [])));
    return sources
      .map((source): PriorImport => ({
        contentHash: source.contentHash,
        file: source.file,
        importedAt: source.importedAt,
        datasetId: source.datasetId,
        datasetName: nameById.get(source.datasetId) ?? null,
      }))
      .sort((a, b) => a.importedAt.localeCompare(b.importedAt));
  });
}

export async function listSources(db: MaieuticDb, datasetId: string): Promise<SourceRecord[]> {
  const sources = await db.sources.where('datasetId').equals(datasetId).toArray();
  return sources.sort((a, b) => a.importedAt.localeCompare(b.importedAt) || a.file.localeCompare(b.file));
}
