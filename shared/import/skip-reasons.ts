/**
 * Why a file was not read, as a code the app words in the reader's language (with the values
 * its sentence names) and the English `reason` the CLI prints and the app shows as the detail.
 * Every way a file arrives (the pickers, a folder walk, a drop) skips with one of these.
 */
import { type ImportLimits, type LikelyEncoding, dottedExtension, formatBytes, formatSizeOverLimit, isImportableName, skipReasonBeforeReading, tooManyFilesReason } from './file-rules';

export type SkipCode =
  | 'hidden-file'
  | 'hidden-folder'
  /** node_modules: thousands of package .json files, never a data set */
  | 'package-folder'
  | 'is-folder'
  | 'folder-unreadable'
  | 'unreadable'
  | 'link-unfollowable'
  | 'link-to-folder'
  | 'link-outside-folder'
  | 'fifo'
  | 'device'
  | 'socket'
  | 'not-regular'
  /** a dropped item with no path on disk (dragged out of another application) */
  | 'not-on-disk'
  | 'excel-workbook'
  | 'unsupported-type'
  | 'too-large'
  | 'total-exceeded'
  | 'too-many-files'
  | 'not-text';

export type SkipValues = Record<string, string | number>;

export interface SkipReason {
  code: SkipCode;
  /** the English sentence (CLI output, the app's detail line) */
  reason: string;
  values?: SkipValues;
  /** when the bytes read as text in another encoding: offered in the report, never applied unasked */
  likely?: LikelyEncoding;
}

export interface SkippedFile extends SkipReason {
  name: string;
}

function skip(code: SkipCode, reason: string, values?: SkipValues): SkipReason {
  return values ? { code, reason, values } : { code, reason };
}

export const SKIP = {
  hiddenFile: () => skip('hidden-file', 'hidden file'),
  hiddenFolder: () => skip('hidden-folder', 'hidden folder'),
  packageFolder: () => skip('package-folder', 'package folder (node_modules)'),
  /** a folder among picked files */
  pickedFolder: () => skip('is-folder', 'is a folder; use Open folder to import a folder'),
  folderUnreadable: (errorCode: string) => skip('folder-unreadable', `folder could not be read (${errorCode})`, { error: errorCode }),
  unreadable: (errorCode: string) => skip('unreadable', `could not be read (${errorCode})`, { error: errorCode }),
  linkUnfollowable: (errorCode: string) => skip('link-unfollowable', `link could not be followed (${errorCode})`, { error: errorCode }),
  linkToFolder: () => skip('link-to-folder', 'link to a folder (not followed)'),
  linkOutsideFolder: () => skip('link-outside-folder', 'link to a file outside the chosen folder (not followed)'),
  tooManyFiles: (limits: ImportLimits) => skip('too-many-files', tooManyFilesReason(limits), { count: limits.maxEntries }),
  /** the bytes are not text Maieutic decodes; `reason` is the decoder's own explanation */
  notText: (reason: string, likely?: LikelyEncoding): SkipReason => (likely ? { ...skip('not-text', reason), likely } : skip('not-text', reason)),
} as const;

/** A dropped item the preload found no path for. */
export const SKIP_NOT_ON_DISK: SkipReason = { code: 'not-on-disk', reason: 'not a file on disk (dragged from another application)' };

/** Why a file is skipped before it is read (type, size, running total), or null when it may be read. */
export function skipBeforeReading(name: string, size: number, totalSoFar: number, limits: ImportLimits): SkipReason | null {
  const reason = skipReasonBeforeReading(name, size, totalSoFar, limits);
  if (reason === null) return null;
  const extension = dottedExtension(name);
  if (!isImportableName(name)) {
    return extension === '.xlsx' || extension === '.xls' ? skip('excel-workbook', reason) : skip('unsupported-type', reason, { extension: extension || '—' });
  }
  if (size > limits.maxFileBytes) return skip('too-large', reason, formatSizeOverLimit(size, limits.maxFileBytes));
  return skip('total-exceeded', reason, { limit: formatBytes(limits.maxTotalBytes) });
}
