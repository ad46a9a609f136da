import { DEFAULT_WEIGHTS, METRIC_IDS, type MetricId, type MetricWeights } from './definitions';

/** How far the weights may sum from 1 and still count as 1 (typed decimals such as 0.1 + 0.2). */
const SUM_TOLERANCE = 1e-9;

/** Why these weights cannot score, or null: each finite and not negative, all seven summing to 1. */
export function weightsProblem(weights: Readonly<Record<string, number>>): string | null {
  for (const id of METRIC_IDS) {
    const weight = weights[id];
    if (typeof weight !== 'number' || !Number.isFinite(weight)) return `The weight of ${id} is not a number.`;
    if (weight < 0) return `The weight of ${id} is ${weight}; weights cannot be negative.`;
  }
  const unknown = Object.keys(weights).filter((key) => !(METRIC_IDS as readonly string[]).includes(key));
  if (unknown.length > 0) return `Unknown metric ${unknown.map((key) => `"${key}"`).join(', ')} (metrics: ${METRIC_IDS.join(', ')}).`;
  const sum = METRIC_IDS.reduce((total, id) => total + weights[id], 0);
  if (Math.abs(sum - 1) > SUM_TOLERANCE) return `The weights sum to ${Number(sum.toFixed(6))}; they must sum to 1 so that TotalScore stays in [0, 1].`;
  return null;
}

/**
 * `SD=0.15,SV=0.10,…` (the command line's form) over the paper's weights: named metrics take the
 * given weights, the others keep their defaults. Throws with the problem on anything invalid.
 */
export function parseWeights(text: string, base: MetricWeights = DEFAULT_WEIGHTS): MetricWeights {
  const weights: Record<string, number> = { ...base };
  for (const part of text.split(',').map((piece) => piece.trim()).filter((piece) => piece !== '')) {
    const match = /^([A-Za-z0-9_ ]+?)\s*=\s*(.+)$/.exec(part);
    if (!match) throw new Error(`"${part}" is not NAME=WEIGHT (e.g. SD=0.15).`);
    const name = match[1].trim().replace(/\s+/g, '_').toUpperCase();
    const id = METRIC_IDS.find((candidate) => candidate.toUpperCase() === name);
    if (!id) throw new Error(`Unknown metric "${match[1].trim()}" (metrics: ${METRIC_IDS.join(', ')}).`);
    const value = Number(match[2]);
    if (match[2].trim() === '' || !Number.isFinite(value)) throw new Error(`The weight of ${id} is "${match[2]}", not a number.`);
    weights[id] = value;
  }
  const problem = weightsProblem(weights);
  if (problem) throw new Error(problem);
  return weights as Record<MetricId, number>;
}
