export * from './definitions';
export { bootstrapMeans, DEFAULT_RESAMPLES, DEFAULT_SEED, quantile, type BootstrapOptions } from './bootstrap';
export { scoreDialogue, totalScore, type DialogueCounts, type DialogueScore, type MetricDialogue, type MetricTurn, type ScoreOptions } from './dialogue-metrics';
export { computeMetrics, DEFAULT_SETTINGS, scoreOf, type GroupScore, type MetricsReport, type MetricsSettings } from './metrics-report';
export { seededRandom } from './random';
export { parseWeights, weightsProblem } from './weights';
export { metricTurnFromValues, metricTurnVerified } from './layer-turns';
export { hasReviewProvenance, preAnnotationValues, provenanceVersionProblem, turnsLeftOutOfExport, unsureLeftEmpty } from './provenance-layer';
export { formatInterval, formatScore, groupJson, metricsMarkdown, NONE, threeCNote } from './format';
