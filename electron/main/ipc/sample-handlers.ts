/** The bundled sample data set. */
import type { InvokeHandlers } from '../../../shared/ipc/contract';
import { readSample } from '../services/sample';
import { parseEmptyArgs } from './validate';

export type SampleChannel = 'files.readSample';

export interface SampleHandlerDeps {
  /** folder holding `codebooks/` and `sample/`: repo `resources/` in dev, `process.resourcesPath` packaged */
  resourcesDir: string;
}

export function createSampleHandlers(deps: SampleHandlerDeps): Pick<InvokeHandlers, SampleChannel> {
  return {
    'files.readSample': async (arg) => {
      parseEmptyArgs('files.readSample', arg);
      return readSample(deps.resourcesDir);
    },
  };
}
