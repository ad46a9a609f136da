import type { Codebook } from '../../../../shared/codebook/types';
import type { SpotCheckRow } from '../../../../shared/model/spot-check';
import { checkedValues, fieldResults, reviewableValues, type FieldResult } from '../../../../shared/spot-check';
import type { MaieuticDb } from '../../db/db';
import { loadSpotCheckData } from '../../db/repositories/spot-checks';
import { turnsToCheck } from './build';

export interface SpotCheckFigures {
  fields: FieldResult[];
  /** sampled turns with at least one reviewed field, and all sampled turns */
  reviewedTurns: number;
  sampledTurns: number;
  /** per field id, the sampled turns with an LLM value the field applies to: what reviewing the whole sample reaches */
  reviewable: Record<string, number>;
}

/** One spot-check's per-field results, as the spot-check view shows them (and the dataset card writes them). */
export async function spotCheckFigures(db: MaieuticDb, datasetId: string, row: SpotCheckRow, codebook: Codebook): Promise<SpotCheckFigures> {
  const data = await loadSpotCheckData(db, datasetId, row.suggestionLayerId);
  const turns = turnsToCheck(data, row, codebook);
  const strataPopulation = new Map(row.strataCounts.map((stratum) => [stratum.key, stratum.population]));
  const fields = fieldResults(codebook, checkedValues(codebook, turns).values, { threshold: row.threshold, strataPopulation });
  return { fields, reviewedTurns: turns.filter((turn) => turn.expert.size > 0).length, sampledTurns: turns.length, reviewable: Object.fromEntries(reviewableValues(codebook, turns)) };
}
