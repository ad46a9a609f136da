/**
 * The parsing work of an import, as plain functions over plain data: the Web Worker runs
 * them off the UI thread, and the main-thread fallback and the unit tests call them directly.
 */
import type { Codebook } from '../../../shared/codebook/types';
import { detectFormat, guessColumnMapping, guessTeacherModel, parseSourceFile, previewDelimited } from '../../../shared/import';
import type { ColumnMapping, DelimitedPreview } from '../../../shared/import/types';
import type { ParsedFile, SourceFile, SourceFormat } from '../../../shared/model/dataset';

/** What the wizard learns about a file before parsing it. */
export interface FileInspection {
  name: string;
  /** null: not a format Maieutic reads */
  format: SourceFormat | null;
  /** for CSV/TSV: header and first rows, for the mapping step */
  preview: DelimitedPreview | null;
  /** for CSV/TSV: the guessed mapping the user starts from */
  mapping: ColumnMapping | null;
  /** the model named by a model folder, a SID file name or a preset; '' when only a bare file name is known */
  teacherModel: string;
  /** a bare file name's stem, offered to the user but never taken without their say */
  teacherModelSuggestion: string | null;
}

export interface ParseJob {
  file: SourceFile;
  teacherModel: string;
  mapping: ColumnMapping | null;
}

export interface ParseProgress {
  done: number;
  total: number;
  /** the file being parsed next, or null at the end */
  file: string | null;
}

export function inspectFile(file: SourceFile, codebook: Codebook): FileInspection {
  const detected = detectFormat(file);
  const format = detected === 'unknown' ? null : detected;
  const guess = guessTeacherModel(file.name, format);
  const bare = guess.source === 'bare-name';
  const base = { name: file.name, format, teacherModel: bare ? '' : guess.model, teacherModelSuggestion: bare ? guess.model : null };
  if (format !== 'delimited') return { ...base, preview: null, mapping: null };
  const preview = previewDelimited(file);
  return { ...base, preview, mapping: guessColumnMapping(preview.columns, codebook) };
}

export function inspectFiles(files: readonly SourceFile[], codebook: Codebook): FileInspection[] {
  return files.map((file) => inspectFile(file, codebook));
}

export function parseJob(job: ParseJob, codebook: Codebook): ParsedFile {
  return parseSourceFile(job.file, {
    codebook,
    teacherModel: job.teacherModel,
    ...(job.mapping ? { mapping: job.mapping } : {}),
  });
}

/** Parses the files in order, reporting progress before each file and once at the end. */
export function parseJobs(jobs: readonly ParseJob[], codebook: Codebook, onProgress: (progress: ParseProgress) => void = () => {}): ParsedFile[] {
  const results: ParsedFile[] = [];
  jobs.forEach((job, index) => {
    onProgress({ done: index, total: jobs.length, file: job.file.name });
    results.push(parseJob(job, codebook));
  });
  onProgress({ done: jobs.length, total: jobs.length, file: null });
  return results;
}
