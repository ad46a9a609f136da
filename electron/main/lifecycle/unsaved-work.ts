/**
 * What the renderer last said it has not stored yet (`app.reportUnsavedWork`). The app has one
 * window at a time (index.ts opens a new one only when none is left), so one tracker serves it.
 */
import type { UnsavedWorkReport } from '../../../shared/ipc/contract';

export interface UnsavedWorkTracker {
  report(report: UnsavedWorkReport): void;
  /** null until the renderer has reported once (a page still starting has queued nothing) */
  last(): UnsavedWorkReport | null;
}

export function createUnsavedWorkTracker(): UnsavedWorkTracker {
  let last: UnsavedWorkReport | null = null;
  return {
    report(report) {
      last = { ...report };
    },
    last: () => last,
  };
}
