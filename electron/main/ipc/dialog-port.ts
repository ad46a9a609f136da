import type { SaveExportArgs } from '../../../shared/ipc/contract';

/** Native file dialogs, or a stand-in (tests, the browser dev host). `null` means cancelled. */
export interface DialogPort {
  pickFiles(): Promise<string[] | null>;
  pickFolder(): Promise<string | null>;
  /** one codebook JSON file ("Import codebook…") */
  pickCodebook(): Promise<string | null>;
  /** `defaultName` is a bare file name; the port chooses the folder */
  pickSavePath(defaultName: string, kind: SaveExportArgs['kind']): Promise<string | null>;
}
