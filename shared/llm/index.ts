export { callCost, type ConcurrencyLimits, type LlmConnection, type SamplingParameters, type TokenPrice } from './connection';
export { PAPER_SAMPLING, samplingFor } from './sampling';
export { CONNECTION_PRESETS, connectionFromPreset, presetById, type ConnectionPreset } from './presets';
export { readBaseUrl, type BaseUrlParts, type BaseUrlReading } from './base-url';
export { checkConnection, MAX_CONCURRENCY, type ConnectionCheck, type ConnectionProblem } from './check-connection';
