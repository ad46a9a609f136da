import type { SourceFormat } from '../../../../shared/model/dataset';

/** Format names as their own documentation writes them, not the internal ids. */
const FORMAT_NAMES: Record<SourceFormat, string> = {
  'sid-jsonl': 'SID JSON Lines',
  'sid-json': 'SID JSON',
  delimited: 'CSV / TSV',
  mathdial: 'MathDial',
  bridge: 'Bridge',
};

export function formatName(format: SourceFormat | null): string {
  return format === null ? '—' : FORMAT_NAMES[format];
}
