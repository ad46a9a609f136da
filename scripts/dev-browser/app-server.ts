/**
 * `npm run dev:serve`: the built renderer and the main-process handlers on one loopback HTTP
 * server, for any local browser, with no Electron and no Playwright.
 *
 * `window.api` in a plain browser: index.html is served with one extra same-origin script
 * (`page-api.js`, allowed by the app's own CSP) that defines it before the app's module runs.
 * `invoke` is a JSON POST to this server, which passes it to the same dispatch the Electron
 * registration and the Playwright bridge use (electron/main/ipc/dispatch.ts). Events
 * (`api.on`) come as server-sent events (event-stream.ts) that the page script subscribes to:
 * job events as main sends them, and `jobs.resync` whenever the stream (re)connects. A browser
 * tab has no application menu and no close handshake (the renderer's own pagehide flush applies,
 * as in dev:browser), so those events never come.
 *
 * Who may call: the handlers read any file the user names and write exports, so only this
 * user's browser tab may reach them.
 *   - the server listens on 127.0.0.1 only;
 *   - every path starts with a random token (`/<token>/…`, a capability URL printed in the
 *     terminal): another local user, or a page of another origin, does not know it and gets
 *     404 for everything;
 *   - the Host header must name this server (127.0.0.1 or localhost and its port), so a page
 *     reached through DNS rebinding is refused;
 *   - invoke takes only POST with `content-type: application/json` (which a cross-origin page
 *     cannot send without a CORS preflight, and no CORS header is ever sent) and, when the
 *     browser sends an Origin, only this server's origin;
 *   - the event stream takes only GET asking for `text/event-stream`, with the same Origin rule;
 *   - for both, a browser's `Sec-Fetch-Site` other than same-origin (or none: typed by hand) is
 *     refused, so not even a request another site's page makes without reading the answer gets in.
 * The app's data lives in the browser per origin, so the one origin is 127.0.0.1:<port>: a page
 * opened at localhost:<port> is sent there.
 */
import { timingSafeEqual, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EVENT_CHANNELS, type EventChannel, type EventMap, type InvokeHandlers } from '../../shared/ipc/contract';
import { CONTENT_SECURITY_POLICY } from '../../electron/main/content-security-policy';
import { dispatchRendererInvoke } from '../../electron/main/ipc/dispatch';
import { serveRendererFile } from '../../electron/main/renderer-files';
import { definePageApi, type PageSetup } from '../../tests/support/bridge';
import { EventStreams } from './event-stream';

export const LOOPBACK_HOST = '127.0.0.1';
/** a fixed port by default: the browser keeps the app's IndexedDB per origin, port included */
export const DEFAULT_PORT = 41730;
/** an export of a large data set is sent in one request */
const MAX_REQUEST_BYTES = 256 * 1024 * 1024;

const API_PREFIX = '/__maieutic/';
const PAGE_API_PATH = `${API_PREFIX}page-api.js`;
const INVOKE_PATH = `${API_PREFIX}invoke`;
const EVENTS_PATH = `${API_PREFIX}events`;
const INVOKE_BINDING = '__maieuticHttpInvoke';
const EMIT_FUNCTION = '__maieuticEmit';

export interface AppServerOptions {
  /** the built renderer, normally out/renderer */
  rootDir: string;
  handlers: InvokeHandlers;
  /** 0 picks a free port */
  port?: number;
  /** a fixed token (tests); random by default */
  token?: string;
}

export interface AppServer {
  /** `http://127.0.0.1:<port>/<token>/`: the address to open */
  url: string;
  /** `http://127.0.0.1:<port>`: where the browser keeps the app's data */
  origin: string;
  port: number;
  token: string;
  /** sends a main → renderer event to every open tab */
  emit<K extends EventChannel>(channel: K, payload: EventMap[K]): void;
  /** how many tabs receive events now */
  readonly eventStreams: number;
  close(): Promise<void>;
}

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
};

function send(response: ServerResponse, status: number, contentType: string, body: string | Uint8Array, extra: Record<string, string> = {}): void {
  response.writeHead(status, { ...SECURITY_HEADERS, 'content-type': contentType, ...extra });
  response.end(body);
}

const sendText = (response: ServerResponse, status: number, text: string, extra?: Record<string, string>) => send(response, status, 'text/plain; charset=utf-8', text, extra);
const sendJson = (response: ServerResponse, status: number, value: unknown) => send(response, status, 'application/json; charset=utf-8', JSON.stringify(value));

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The page script that defines `window.api` over HTTP; the API part is the bridge's own (parity-tested). */
function pageApiScript(invokeUrl: string, eventsUrl: string): string {
  const setup: PageSetup = { eventChannels: EVENT_CHANNELS, invokeBinding: INVOKE_BINDING, emitFunction: EMIT_FUNCTION };
  const listen = (url: string, emitFunction: string) => {
    const emit = (window as unknown as Record<string, (channel: string, payload: unknown) => void>)[emitFunction];
    new EventSource(url).onmessage = (message: MessageEvent<string>) => {
      let event: { channel?: unknown; payload?: unknown };
      try {
        event = JSON.parse(message.data) as { channel?: unknown; payload?: unknown };
      } catch {
        return;
      }
      if (typeof event?.channel === 'string') emit(event.channel, event.payload);
    };
  };
  const invoke = async (url: string, channel: unknown, arg: unknown): Promise<unknown> => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ channel, arg }), cache: 'no-store', credentials: 'omit' });
    const reply = (await response.json().catch(() => null)) as { ok?: boolean; result?: unknown; error?: unknown } | null;
    if (reply?.ok === true) return reply.result;
    throw new Error(typeof reply?.error === 'string' ? reply.error : `The Maieutic server answered ${response.status}; is npm run dev:serve still running?`);
  };
  // Sent as source text with a no-op `__name`: tsx compiles with esbuild's keepNames, which
  // wraps inner functions in `__name(…)`, a helper the page lacks.
  return `(() => {
  const __name = (fn) => fn;
  const invoke = ${invoke.toString()};
  Object.defineProperty(window, ${JSON.stringify(INVOKE_BINDING)}, { value: (channel, arg) => invoke(${JSON.stringify(invokeUrl)}, channel, arg) });
  (${definePageApi.toString()})(${JSON.stringify(setup)});
  (${listen.toString()})(${JSON.stringify(eventsUrl)}, ${JSON.stringify(EMIT_FUNCTION)});
})();
`;
}

/** index.html with the page-api script before the app's first script, so `window.api` exists when the app starts. */
function withPageApi(html: string, scriptUrl: string): string {
  const at = html.search(/<script\b/i);
  if (at < 0) throw new Error('The built index.html has no <script>; cannot add window.api before the app starts.');
  return `${html.slice(0, at)}<script src="${scriptUrl}"></script>\n    ${html.slice(at)}`;
}

function readBody(request: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        resolve(null);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Why a call from the page is refused: another origin, or a request another site's page made. */
function foreignCaller(request: IncomingMessage, origin: string): string | null {
  if (request.headers.origin !== undefined && request.headers.origin !== origin) return 'Forbidden origin';
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return 'Forbidden site';
  return null;
}

function handleEvents(request: IncomingMessage, response: ServerResponse, streams: EventStreams, origin: string): void {
  if (request.method !== 'GET') return sendText(response, 405, 'GET only', { allow: 'GET' });
  const refused = foreignCaller(request, origin);
  if (refused) return sendText(response, 403, refused);
  if (!(request.headers.accept ?? '').split(',').some((type) => type.split(';')[0].trim().toLowerCase() === 'text/event-stream')) return sendText(response, 406, 'text/event-stream only');
  streams.open(request, response);
}

async function handleInvoke(request: IncomingMessage, response: ServerResponse, handlers: InvokeHandlers, origin: string): Promise<void> {
  if (request.method !== 'POST') return sendText(response, 405, 'POST only', { allow: 'POST' });
  const refused = foreignCaller(request, origin);
  if (refused) return sendText(response, 403, refused);
  const contentType = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (contentType !== 'application/json') return sendText(response, 415, 'application/json only');
  const body = await readBody(request);
  if (body === null) return sendText(response, 413, `A request may carry at most ${MAX_REQUEST_BYTES / 1024 / 1024} MiB`);
  let call: { channel?: unknown; arg?: unknown };
  try {
    call = JSON.parse(body) as { channel?: unknown; arg?: unknown };
  } catch {
    return sendText(response, 400, 'The body is not JSON');
  }
  if (typeof call !== 'object' || call === null) return sendText(response, 400, 'The body is not a JSON object');
  try {
    sendJson(response, 200, { ok: true, result: await dispatchRendererInvoke(handlers, call.channel, call.arg) });
  } catch (error) {
    // the handler's own message, as the preload and the Playwright bridge deliver it
    sendJson(response, 200, { ok: false, error: error instanceof Error ? error.message : String(error) });
  }
}

async function handleFile(request: IncomingMessage, response: ServerResponse, rootDir: string, path: string, token: string): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return sendText(response, 405, 'GET only', { allow: 'GET, HEAD' });
  const tokenPrefix = `/${token}`;
  if (path === `${tokenPrefix}${PAGE_API_PATH}`) {
    return send(response, 200, 'text/javascript; charset=utf-8', request.method === 'HEAD' ? '' : pageApiScript(`${tokenPrefix}${INVOKE_PATH}`, `${tokenPrefix}${EVENTS_PATH}`));
  }
  const inside = path.slice(tokenPrefix.length);
  const file = await serveRendererFile(rootDir, inside);
  let body = file.body;
  if (file.status === 200 && (inside === '/' || inside === '/index.html')) {
    body = withPageApi(typeof body === 'string' ? body : Buffer.from(body).toString('utf8'), `${tokenPrefix}${PAGE_API_PATH}`);
  }
  response.writeHead(file.status, { ...file.headers, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** Starts the server on 127.0.0.1; rejects with the listen error (EADDRINUSE, …). */
export async function startAppServer(options: AppServerOptions): Promise<AppServer> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  let port = options.port ?? DEFAULT_PORT;
  let origin = '';
  let allowedHosts = new Set<string>();
  let localhostHost = '';
  const streams = new EventStreams({ ...SECURITY_HEADERS });

  const server = createServer((request, response) => {
    const route = async () => {
      const host = (request.headers.host ?? '').toLowerCase();
      if (!allowedHosts.has(host)) return sendText(response, 421, 'Wrong host');
      const { pathname, search } = new URL(request.url ?? '/', origin);
      // one origin keeps the data: a page opened at localhost goes to 127.0.0.1 (the token stays in the path)
      if (host === localhostHost && (request.method === 'GET' || request.method === 'HEAD') && !pathname.includes(API_PREFIX)) return sendText(response, 308, '', { location: `${origin}${pathname}${search}` });
      // Chromium asks for /favicon.ico on its own; a 404 there would be reported as a console error.
      if (pathname === '/favicon.ico') return send(response, 204, 'text/plain; charset=utf-8', '');
      const [, first = ''] = pathname.split('/');
      if (!sameToken(first, token)) return sendText(response, 404, 'Not found');
      if (pathname === `/${token}`) return sendText(response, 308, '', { location: `/${token}/` });
      if (pathname === `/${token}${INVOKE_PATH}`) return handleInvoke(request, response, options.handlers, origin);
      if (pathname === `/${token}${EVENTS_PATH}`) return handleEvents(request, response, streams, origin);
      return handleFile(request, response, options.rootDir, pathname, token);
    };
    route().catch((error: unknown) => {
      if (!response.headersSent) sendText(response, 500, error instanceof Error ? error.message : String(error));
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOOPBACK_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  origin = `http://${LOOPBACK_HOST}:${port}`;
  localhostHost = `localhost:${port}`;
  allowedHosts = new Set([`${LOOPBACK_HOST}:${port}`, localhostHost]);
  return {
    url: `${origin}/${token}/`,
    origin,
    port,
    token,
    emit: (channel, payload) => streams.send(channel, payload),
    get eventStreams() {
      return streams.size;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        streams.close();
        // Browsers keep connections alive; without this, close() waits for them to time out.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
