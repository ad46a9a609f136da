/**
 * dev:serve's event streams (scripts/dev-browser/event-stream.ts) cannot hold the server hostage:
 * a tab that stops reading is dropped once too much waits for it (it reconnects and pulls what
 * it missed), and the number of open streams is bounded.
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { eventLine, EventStreams, MAX_STREAMS } from '../../../scripts/dev-browser/event-stream';

/** A response that keeps what is written, and reports as much waiting as the test says. */
class FakeResponse extends EventEmitter {
  status = 0;
  written: string[] = [];
  writableLength = 0;
  destroyed = false;
  ended = false;
  writeHead(status: number) {
    this.status = status;
    return this;
  }
  write(text: string) {
    this.written.push(text);
    return true;
  }
  end() {
    this.ended = true;
  }
  destroy() {
    this.destroyed = true;
    this.emit('close');
  }
}

const open = (streams: EventStreams) => {
  const response = new FakeResponse();
  streams.open(new EventEmitter() as IncomingMessage, response as unknown as ServerResponse);
  return response;
};

describe('dev:serve event streams', () => {
  it('drops a stream whose tab does not read, and keeps sending to the others', () => {
    const streams = new EventStreams({});
    const slow = open(streams);
    const quick = open(streams);
    slow.writableLength = 9 * 1024 * 1024;
    streams.send('jobs.resync', {});
    expect(slow.destroyed).toBe(true);
    expect(streams.size).toBe(1);
    expect(quick.written.at(-1)).toBe(eventLine('jobs.resync', {}));
    streams.close();
    expect(quick.ended).toBe(true);
  });

  it(`answers at most ${MAX_STREAMS} tabs at once; the next is told to close one`, () => {
    const streams = new EventStreams({});
    const opened = Array.from({ length: MAX_STREAMS }, () => open(streams));
    expect(opened.every((response) => response.status === 200)).toBe(true);
    const refused = open(streams);
    expect(refused.status).toBe(503);
    expect(refused.written.join('')).toBe('');
    expect(streams.size).toBe(MAX_STREAMS);
    opened[0].destroy();
    expect(streams.size).toBe(MAX_STREAMS - 1);
    expect(open(streams).status).toBe(200);
    streams.close();
  });
});
