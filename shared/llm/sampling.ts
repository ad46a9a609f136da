import type { JobKind } from '../jobs/types';
import type { LlmConnection, SamplingParameters } from './connection';

/**
 * The SID paper's settings (its Table IX): annotation at temperature 0.8, top-p 0.95, up to 5000
 * tokens; the judge at 0.1, 0.9, 1024. Generation and rubric synthesis have no published settings:
 * the endpoint's own defaults apply until a connection sets them.
 */
export const PAPER_SAMPLING: Readonly<Partial<Record<JobKind, Readonly<SamplingParameters>>>> = {
  'pre-annotation': { temperature: 0.8, top_p: 0.95, max_tokens: 5000 },
  judge: { temperature: 0.1, top_p: 0.9, max_tokens: 1024 },
};

/** The connection's sampling for a kind of job, parameter by parameter over the paper's defaults. */
export function samplingFor(connection: Pick<LlmConnection, 'sampling'>, kind: JobKind): SamplingParameters {
  const merged: SamplingParameters = { ...PAPER_SAMPLING[kind] };
  const own = connection.sampling[kind];
  if (own) {
    for (const key of ['temperature', 'top_p', 'max_tokens', 'seed'] as const) {
      const value = own[key];
      if (value !== undefined) merged[key] = value;
    }
  }
  return merged;
}
