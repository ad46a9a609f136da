import { afterEach, describe, expect, it } from 'vitest';
import { invoke, MainReasonError } from '../../../../renderer/src/api/client';
import { ReasonedError } from '../../../../shared/ipc/reasoned-error';
import { jobReason } from '../../../../shared/jobs/reasons';

const globals = globalThis as unknown as { window?: unknown };

describe('invoke: an error main sends with a code', () => {
  afterEach(() => {
    delete globals.window;
  });

  it('arrives as a MainReasonError holding the code and main\'s English words alone', async () => {
    const why = jobReason('definition-invalid', { jobKind: 'judge' });
    const sent = new ReasonedError('The job cannot start: no item.', why);
    // as Electron rejects an invoke whose handler threw
    globals.window = { api: { invoke: async () => Promise.reject(new Error(`Error invoking remote method 'jobs.start': ReasonedError: ${sent.message}`)), on: () => () => undefined } };
    const error = await invoke('jobs.list', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MainReasonError);
    expect((error as MainReasonError).message).toBe('The job cannot start: no item.');
    expect((error as MainReasonError).why).toEqual(why);
  });

  it('passes any other error on as it came', async () => {
    const plain = new Error('The connection to the endpoint was refused');
    globals.window = { api: { invoke: async () => Promise.reject(plain), on: () => () => undefined } };
    await expect(invoke('jobs.list', {})).rejects.toBe(plain);
  });
});
