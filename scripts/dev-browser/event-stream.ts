/**
 * main → renderer events for `npm run dev:serve`: a server-sent-events stream per open tab
 * (GET `/<token>/__maieutic/events`, checked by app-server.ts as invoke is), each event one
 * `data:` line of `{"channel":…,"payload":…}` JSON that the page script hands to `api.on`'s
 * listeners. Every stream starts with `jobs.resync`, so a tab whose stream dropped and came back
 * (EventSource reconnects by itself) lists the jobs and fetches the results it may have missed.
 *
 * Nothing here can hold the server hostage: a stream whose tab reads too slowly is dropped once
 * MAX_BUFFERED_BYTES wait for it (its tab reconnects and pulls what it missed), and at most
 * MAX_STREAMS are open at once.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EventChannel, EventMap } from '../../shared/ipc/contract';

export const MAX_STREAMS = 16;
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
/** a comment line now and then, so an idle stream is not closed by something in between (an ssh tunnel, a proxy) */
const HEARTBEAT_MS = 15_000;
/** how soon EventSource tries again after the stream dropped */
const RETRY_MS = 2_000;

export function eventLine<K extends EventChannel>(channel: K, payload: EventMap[K]): string {
  // JSON.stringify escapes every line break, so the event is one data line
  return `data: ${JSON.stringify({ channel, payload })}\n\n`;
}

export class EventStreams {
  private readonly streams = new Set<ServerResponse>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly headers: Record<string, string>) {
    this.heartbeat = setInterval(() => this.write(': keep-alive\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.streams.size;
  }

  /** Answers `request` with a stream that stays open until the tab goes or the server closes. */
  open(request: IncomingMessage, response: ServerResponse): void {
    if (this.streams.size >= MAX_STREAMS) {
      response.writeHead(503, { ...this.headers, 'content-type': 'text/plain; charset=utf-8' });
      response.end(`At most ${MAX_STREAMS} tabs receive events at once; close one.`);
      return;
    }
    response.writeHead(200, { ...this.headers, 'content-type': 'text/event-stream; charset=utf-8', 'x-accel-buffering': 'no' });
    response.write(`retry: ${RETRY_MS}\n\n`);
    this.streams.add(response);
    const forget = () => this.streams.delete(response);
    request.once('close', forget);
    response.once('close', forget);
    this.writeTo(response, eventLine('jobs.resync', {}));
  }

  send<K extends EventChannel>(channel: K, payload: EventMap[K]): void {
    if (this.streams.size === 0) return;
    this.write(eventLine(channel, payload));
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const response of this.streams) response.end();
    this.streams.clear();
  }

  private write(text: string): void {
    for (const response of this.streams) this.writeTo(response, text);
  }

  private writeTo(response: ServerResponse, text: string): void {
    if (response.writableLength > MAX_BUFFERED_BYTES) {
      // the tab is not reading: drop it rather than buffer without end; it reconnects and pulls
      this.streams.delete(response);
      response.destroy();
      return;
    }
    response.write(text);
  }
}
