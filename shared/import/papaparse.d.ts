/**
 * A narrow local declaration of the papaparse API we use. @types/papaparse references node
 * types and DOM File/Blob, which would leak `process` & co. into the pure shared/ layer; the
 * deep path `papaparse/papaparse.js` is the same module without those types.
 */
declare module 'papaparse/papaparse.js' {
  interface PapaParseError {
    type: string;
    code: string;
    message: string;
    row?: number;
  }
  interface PapaParseMeta {
    delimiter: string;
    linebreak: string;
    aborted: boolean;
    truncated: boolean;
    cursor: number;
  }
  interface PapaStepResult {
    data: string[];
    errors: PapaParseError[];
    meta: PapaParseMeta;
  }
  interface PapaParseResult {
    data: string[][];
    errors: PapaParseError[];
    meta: PapaParseMeta;
  }
  interface PapaParseConfig {
    delimiter?: string;
    newline?: string;
    quoteChar?: string;
    header?: false;
    preview?: number;
    skipEmptyLines?: boolean | 'greedy';
    step?: (result: PapaStepResult, parser: { abort(): void }) => void;
  }
  interface PapaUnparseConfig {
    quotes?: boolean;
    delimiter?: string;
    newline?: string;
    header?: boolean;
    escapeFormulae?: boolean | RegExp;
  }
  const Papa: {
    parse(input: string, config: PapaParseConfig): PapaParseResult;
    unparse(data: readonly (readonly unknown[])[], config?: PapaUnparseConfig): string;
  };
  export default Papa;
}
