import type { Codebook } from '../../../shared/codebook/types';
import type { ParsedFile, SourceFile } from '../../../shared/model/dataset';
import type { FileInspection, ParseJob, ParseProgress } from './parse-tasks';

/** Messages to the parse worker. Every request carries an id its answers repeat. */
export type WorkerRequest =
  | { requestId: number; kind: 'inspect'; files: SourceFile[]; codebook: Codebook }
  | { requestId: number; kind: 'parse'; jobs: ParseJob[]; codebook: Codebook };

/** Messages from the parse worker. */
export type WorkerResponse =
  | { requestId: number; kind: 'progress'; progress: ParseProgress }
  | { requestId: number; kind: 'inspected'; inspections: FileInspection[] }
  | { requestId: number; kind: 'parsed'; files: ParsedFile[] }
  | { requestId: number; kind: 'failed'; message: string };
