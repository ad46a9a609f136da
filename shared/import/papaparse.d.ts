/**
 * A narrow local declaration of the papaparse API we use. @types/papaparse references node
 * types and DOM File/Blob, which would leak `process` & co. into the pure shared/ layer. The
 * deep path `papaparse/papaparse.min.js` is the package's browser build (it also runs in
 * Node) under a name no one else types; unlike papaparse.js it has no `require('stream')`,
 * which browser bundlers cannot resolve.
 */
declare module 'papaparse/papaparse.min.js' {
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
