import { describe, expect, it } from 'vitest';
import { ReasonedError, readReasonedMessage } from '../../../../shared/ipc/reasoned-error';
import { jobReason } from '../../../../shared/jobs/reasons';

describe('an error main sends with a code', () => {
  const why = jobReason('definition-invalid', { jobKind: 'rubric-synthesis' });
  const error = new ReasonedError('The job cannot start: specHash does not match the spec text.', why);

  it('reads its English words first, then carries its code', () => {
    expect(error.message.startsWith('The job cannot start: specHash does not match the spec text.')).toBe(true);
    expect(readReasonedMessage(error.message)).toEqual({ detail: 'The job cannot start: specHash does not match the spec text.', why });
  });

  it('comes back through Electron\'s wrapper of a rejected invoke, and is not made up where there is none', () => {
    expect(readReasonedMessage(`Error invoking remote method 'jobs.start': ReasonedError: ${error.message}`)).toEqual({ detail: 'The job cannot start: specHash does not match the spec text.', why });
    expect(readReasonedMessage('The job cannot start: nothing to run.')).toBeNull();
    expect(readReasonedMessage('x\n[maieutic-reason] {"code":"made-up","params":{}}')).toBeNull();
    expect(readReasonedMessage('x\n[maieutic-reason] {not json')).toBeNull();
  });
});
