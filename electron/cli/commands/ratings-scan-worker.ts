/**
 * The worker thread of a ratings CSV scanned in two parts (ratings-scan-parts.ts): it scans the
 * part it is sent, a view of the SharedArrayBuffer the main thread read the file into, and sends
 * back what it found, transferring its arrays. Built as out/cli/ratings-scan-worker.js
 * (vite.cli.config.ts).
 */
import { parentPort } from 'node:worker_threads';
import { scanPart, transferablesOf, type PartRequest } from './ratings-scan-parts';

export interface PartMessage {
  buffer: SharedArrayBuffer;
  byteOffset: number;
  byteLength: number;
  delimiter: number;
  roles: Int32Array;
  hasField: boolean;
  crlf: boolean;
}

parentPort?.on('message', (message: PartMessage) => {
  const request: PartRequest = {
    bytes: new Uint8Array(message.buffer, message.byteOffset, message.byteLength),
    delimiter: message.delimiter,
    roles: message.roles,
    hasField: message.hasField,
    crlf: message.crlf,
  };
  const part = scanPart(request);
  parentPort?.postMessage(part, transferablesOf(part));
});
