export * from './types';
export { expertValue, indexFieldReviews } from './expert-value';
export type { ExportValue } from './expert-value';
export { LONG_CSV_HEADER, toLongCsv } from './long-csv';
export type { LongCsvOptions } from './long-csv';
export { toSidJsonl } from './sid-jsonl';
export type { SidExportOptions } from './sid-jsonl';
export { sidFieldText, sidLabelText } from './sid-values';
