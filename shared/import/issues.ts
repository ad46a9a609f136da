import type { ImportIssue, ImportIssueCode } from '../model/dataset';

/** What an issue is about, beyond its line: lets the app name the field in the reader's language. */
export type IssueSubject = Pick<ImportIssue, 'field' | 'turn'>;

/** Collects the issues of one file; parsers keep going after an error so all are listed. */
export class IssueSink {
  readonly items: ImportIssue[] = [];
  private errorCount = 0;

  constructor(readonly file: string) {}

  error(line: number, code: ImportIssueCode, message: string, about?: IssueSubject): void {
    this.errorCount++;
    this.items.push({ severity: 'error', file: this.file, line, code, message, ...about });
  }

  warn(line: number, code: ImportIssueCode, message: string, about?: IssueSubject): void {
    this.items.push({ severity: 'warning', file: this.file, line, code, message, ...about });
  }

  get hasErrors(): boolean {
    return this.errorCount > 0;
  }
}

/** A short, single-line quote of untrusted text for messages. */
export function snippet(text: string, max = 30): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** Turn numbers in messages are 1-based, as a teacher counts them. */
export function turnLabel(index: number, speakerRaw: string): string {
  return speakerRaw ? `Turn ${index + 1} (${snippet(speakerRaw, 12)})` : `Turn ${index + 1}`;
}
