/**
 * `npm run dev:serve` (scripts/dev-browser/app-server.ts): the app and its main-process
 * handlers over loopback HTTP for a plain browser (issue 8, point 19). Who may call is the
 * point: only 127.0.0.1, only with the token in the path, only this server's Host and Origin,
 * only a JSON POST for invoke. A plain Chromium page (no Playwright bridge) then gets a working
 * `window.api` from the page script the server adds.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInfo, RendererApi } from '../../../shared/ipc/contract';
import { createHandlers } from '../../../electron/main/ipc/handlers';
import { startAppServer, type AppServer } from '../../../scripts/dev-browser/app-server';
import { createFakeDialogs } from '../../support/fake-dialogs';
import { makeTempDir, type TempDir } from '../../support/temp-dir';
import { testLlmHandlerDeps } from '../../support/llm-services';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

declare global {
  interface Window {
    api: RendererApi;
  }
}

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw HTTP request, so Host and Origin can be set as another page or a rebinding attack would. */
function send(server: AppServer, options: { method?: string; path: string; headers?: Record<string, string>; body?: string }): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const call = httpRequest({ host: '127.0.0.1', port: server.port, method: options.method ?? 'GET', path: options.path, headers: options.headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    call.on('error', reject);
    call.end(options.body);
  });
}

/** An event stream opened as EventSource does (or as an attacker would, with other headers): its answer and its events as they come. */
async function openStream(server: AppServer, options: { path?: string; headers?: Record<string, string> } = {}) {
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const call = httpRequest({ host: '127.0.0.1', port: server.port, method: 'GET', path: options.path ?? `/${server.token}/__maieutic/events`, headers: options.headers ?? { accept: 'text/event-stream' } }, resolve);
    call.on('error', reject);
    call.end();
  });
  response.setEncoding('utf8');
  let buffered = '';
  const waiting: (() => void)[] = [];
  response.on('data', (chunk: string) => {
    buffered += chunk;
    for (const wake of waiting.splice(0)) wake();
  });
  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    /** the next whole event (a block ending in a blank line) */
    async next(): Promise<string> {
      while (!buffered.includes('\n\n')) await new Promise<void>((resolve) => waiting.push(resolve));
      const at = buffered.indexOf('\n\n');
      const block = buffered.slice(0, at);
      buffered = buffered.slice(at + 2);
      return block;
    },
    close: () => response.destroy(),
  };
}

const invokeBody = (channel: string, arg: unknown = {}) => JSON.stringify({ channel, arg });
const JSON_HEADERS = { 'content-type': 'application/json' };

describe('dev:serve app server', () => {
  let site: TempDir;
  let server: AppServer;
  let invokePath: string;

  beforeAll(async () => {
    site = await makeTempDir();
    await writeFile(join(site.path, 'index.html'), '<!doctype html><html><head><title>t</title><script type="module" src="./boot.js"></script></head><body></body></html>');
    await writeFile(
      join(site.path, 'boot.js'),
      'window.api.invoke("app.info", {}).then((info) => { document.body.dataset.host = info.host; }, (error) => { document.body.dataset.error = error.message; });',
    );
    const handlers = createHandlers({ host: 'browser', version: '9.9.9', platform: 'linux', resourcesDir: site.path, dialogs: createFakeDialogs(), ...testLlmHandlerDeps(site.path) });
    server = await startAppServer({ rootDir: site.path, handlers, port: 0 });
    invokePath = `/${server.token}/__maieutic/invoke`;
  });

  afterAll(async () => {
    await server?.close();
    await site?.remove();
  });

  it('listens on 127.0.0.1 only, at a random token', async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/${server.token}/`);
    expect(server.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const other = await startAppServer({ rootDir: site.path, handlers: createHandlers({ host: 'browser', version: '0', platform: 'linux', resourcesDir: site.path, dialogs: createFakeDialogs(), ...testLlmHandlerDeps(site.path) }), port: 0 });
    expect(other.token).not.toBe(server.token);
    await other.close();
    // another address of this machine (if it has one) reaches nothing on that port
    const external = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal);
    if (external) {
      const outcome = await new Promise<string>((resolve) => {
        const socket = connect({ host: external.address, port: server.port });
        socket.once('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
      expect(outcome).toBe('ECONNREFUSED');
    }
  });

  it('calls a main-process handler with the token and answers its result as JSON', async () => {
    const reply = await send(server, { method: 'POST', path: invokePath, headers: { ...JSON_HEADERS, origin: server.origin }, body: invokeBody('app.info') });
    expect(reply.status).toBe(200);
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
    expect(JSON.parse(reply.body)).toEqual({ ok: true, result: { name: 'Maieutic', version: '9.9.9', host: 'browser', platform: 'linux' } satisfies AppInfo });
  });

  it("a handler's refusal comes back as its own message", async () => {
    const unknown = await send(server, { method: 'POST', path: invokePath, headers: JSON_HEADERS, body: invokeBody('shell.exec', { command: 'id' }) });
    expect(JSON.parse(unknown.body)).toEqual({ ok: false, error: 'Unknown IPC channel "shell.exec"' });
    const badArg = await send(server, { method: 'POST', path: invokePath, headers: JSON_HEADERS, body: invokeBody('files.openImport', { mode: 'everything' }) });
    expect(JSON.parse(badArg.body).ok).toBe(false);
    // only the desktop preload reads drops by path: page code cannot name a path for main to read
    const byPath = await send(server, { method: 'POST', path: invokePath, headers: JSON_HEADERS, body: invokeBody('files.readDropped', { paths: ['/etc/passwd'] }) });
    expect(JSON.parse(byPath.body)).toEqual({ ok: false, error: 'Unknown IPC channel "files.readDropped"' });
  });

  it('refuses every request without the token, or with a wrong one', async () => {
    const wrong = `${server.token.slice(0, -1)}${server.token.endsWith('A') ? 'B' : 'A'}`;
    for (const path of ['/', '/index.html', '/boot.js', '/__maieutic/invoke', `/${wrong}/`, `/${wrong}/__maieutic/invoke`, `/${server.token.slice(0, 8)}/`]) {
      const get = await send(server, { path });
      expect(get.status, path).toBe(404);
      expect(get.body, path).not.toContain(server.token);
    }
    const post = await send(server, { method: 'POST', path: '/__maieutic/invoke', headers: JSON_HEADERS, body: invokeBody('app.info') });
    expect(post.status).toBe(404);
    expect(post.body).not.toContain('Maieutic"');
  });

  it('refuses another Host (DNS rebinding), another Origin, and invoke calls a cross-origin form could send', async () => {
    const rebound = await send(server, { method: 'POST', path: invokePath, headers: { ...JSON_HEADERS, host: `attacker.example:${server.port}` }, body: invokeBody('app.info') });
    expect(rebound.status).toBe(421);
    const foreign = await send(server, { method: 'POST', path: invokePath, headers: { ...JSON_HEADERS, origin: 'http://127.0.0.1:1' }, body: invokeBody('app.info') });
    expect(foreign.status).toBe(403);
    const form = await send(server, { method: 'POST', path: invokePath, headers: { 'content-type': 'text/plain' }, body: invokeBody('app.info') });
    expect(form.status).toBe(415);
    const get = await send(server, { path: invokePath });
    expect(get.status).toBe(405);
    const preflight = await send(server, { method: 'OPTIONS', path: invokePath, headers: { origin: 'http://127.0.0.1:1', 'access-control-request-method': 'POST' } });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.status).toBe(405);
  });

  it('streams events to a tab that asks with the token: jobs.resync first, then what main sends, each as one data line', async () => {
    const stream = await openStream(server);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['access-control-allow-origin']).toBeUndefined();
    expect(stream.headers['cache-control']).toBe('no-store');
    expect(await stream.next()).toBe('retry: 2000');
    expect(await stream.next()).toBe('data: {"channel":"jobs.resync","payload":{}}');
    await expect.poll(() => server.eventStreams).toBe(1);
    const event = { type: 'progress', jobId: 'j1', at: 5, status: 'running', progress: { done: 1, total: 2, failed: 0, cached: 0, tokens: { input: 0, output: 0 }, cost: null, rate: null, eta: null } } as const;
    server.emit('jobs.event', { ...event, jobId: 'line\nbreak' });
    const block = await stream.next();
    expect(block.split('\n')).toHaveLength(1);
    expect(JSON.parse(block.slice('data: '.length))).toEqual({ channel: 'jobs.event', payload: { ...event, jobId: 'line\nbreak' } });
    stream.close();
    await expect.poll(() => server.eventStreams).toBe(0);
  });

  it('refuses the event stream without the token, from another Host, another Origin or another site, and to anything but an EventSource', async () => {
    const wrong = `${server.token.slice(0, -1)}${server.token.endsWith('A') ? 'B' : 'A'}`;
    const refusals = [
      await openStream(server, { path: '/__maieutic/events' }),
      await openStream(server, { path: `/${wrong}/__maieutic/events` }),
      await openStream(server, { headers: { accept: 'text/event-stream', host: `attacker.example:${server.port}` } }),
      await openStream(server, { headers: { accept: 'text/event-stream', origin: 'http://attacker.example' } }),
      await openStream(server, { headers: { accept: 'text/event-stream', origin: `http://localhost:${server.port}` } }),
      await openStream(server, { headers: { accept: 'text/event-stream', 'sec-fetch-site': 'cross-site' } }),
      await openStream(server, { headers: { accept: 'text/event-stream', 'sec-fetch-site': 'same-site' } }),
      await openStream(server, { headers: { accept: 'image/avif,image/webp,*/*' } }),
    ];
    expect(refusals.map((reply) => reply.status)).toEqual([404, 404, 421, 403, 403, 403, 403, 406]);
    for (const reply of refusals) reply.close();
    const post = await send(server, { method: 'POST', path: `/${server.token}/__maieutic/events`, headers: JSON_HEADERS, body: '{}' });
    expect(post.status).toBe(405);
    expect(server.eventStreams).toBe(0);
    // the same rule for invoke: a request another site's page makes is refused, with or without an Origin
    const crossSite = await send(server, { method: 'POST', path: invokePath, headers: { ...JSON_HEADERS, 'sec-fetch-site': 'cross-site' }, body: invokeBody('app.info') });
    expect(crossSite.status).toBe(403);
    const typed = await send(server, { method: 'POST', path: invokePath, headers: { ...JSON_HEADERS, 'sec-fetch-site': 'same-origin', origin: server.origin }, body: invokeBody('app.info') });
    expect(typed.status).toBe(200);
  });

  it('sends a page opened at localhost to 127.0.0.1, where its data lives', async () => {
    const page = await send(server, { path: `/${server.token}/?x=1`, headers: { host: `localhost:${server.port}` } });
    expect(page.status).toBe(308);
    expect(page.headers.location).toBe(`${server.origin}/${server.token}/?x=1`);
    const bare = await send(server, { path: '/', headers: { host: `localhost:${server.port}` } });
    expect(bare.status).toBe(308);
    expect(bare.headers.location).not.toContain(server.token);
  });

  it('serves index.html with the page-api script before the app script, under the app CSP', async () => {
    const page = await send(server, { path: `/${server.token}/` });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const apiAt = page.body.indexOf(`<script src="/${server.token}/__maieutic/page-api.js"></script>`);
    expect(apiAt).toBeGreaterThan(0);
    expect(apiAt).toBeLessThan(page.body.indexOf('<script type="module"'));
    const script = await send(server, { path: `/${server.token}/__maieutic/page-api.js` });
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  describe.skipIf(!existsSync(chromiumPath))(`in Chromium (${chromiumPath}), a plain page with no Playwright bridge`, () => {
    let browser: Browser;

    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
    }, 30_000);

    afterAll(async () => {
      await browser?.close();
    });

    it('gets window.api over HTTP: the app starts with it, invoke works and errors keep their text, no CSP violation', async () => {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(server.url);
      await expect.poll(() => page.evaluate(() => document.body.dataset.host ?? document.body.dataset.error ?? null)).toBe('browser');
      expect(await page.evaluate(() => window.api.invoke('app.info', {}).then((info) => info.version))).toBe('9.9.9');
      const refusal = await page.evaluate(() => (window.api.invoke as (channel: string, arg: unknown) => Promise<unknown>)('nope', {}).then(() => 'resolved', (error: Error) => error.message));
      expect(refusal).toBe('Unknown IPC channel "nope"');
      expect(await page.evaluate(() => typeof window.api.on('menu.command', () => undefined))).toBe('function');
      expect(problems).toEqual([]);
      await page.close();
    }, 30_000);

    it('delivers main\'s events to api.on listeners over the event stream, and jobs.resync again when the stream comes back', async () => {
      const handlers = createHandlers({ host: 'browser', version: '9.9.9', platform: 'linux', resourcesDir: site.path, dialogs: createFakeDialogs(), ...testLlmHandlerDeps(site.path) });
      let own = await startAppServer({ rootDir: site.path, handlers, port: 0 });
      const page = await browser.newPage();
      try {
        await page.goto(own.url);
        await page.evaluate(() => {
          const seen: unknown[] = [];
          (window as unknown as { seen: unknown[] }).seen = seen;
          window.api.on('jobs.event', (event) => seen.push(event));
          window.api.on('jobs.resync', () => seen.push('resync'));
        });
        await expect.poll(() => own.eventStreams).toBe(1);
        const event = { type: 'finished', jobId: 'j1', at: 9, status: 'succeeded', progress: { done: 2, total: 2, failed: 0, cached: 0, tokens: { input: 3, output: 4 }, cost: null, rate: null, eta: null }, error: null } as const;
        own.emit('jobs.event', event);
        const seen = () => page.evaluate(() => (window as unknown as { seen: unknown[] }).seen);
        // the stream's first jobs.resync may come before or after the listener above
        await expect.poll(async () => (await seen()).filter((entry) => entry !== 'resync')).toEqual([event]);
        const resyncs = async () => (await seen()).filter((entry) => entry === 'resync').length;
        const before = await resyncs();
        // the stream drops (here: the server goes and comes back at the same address); EventSource reconnects by itself and the page hears it should resync
        await own.close();
        own = await startAppServer({ rootDir: site.path, handlers, port: own.port, token: own.token });
        await expect.poll(resyncs, { timeout: 15_000 }).toBe(before + 1);
        expect((await seen()).at(-1)).toBe('resync');
        expect(own.eventStreams).toBe(1);
      } finally {
        await page.close();
        await own.close();
      }
    }, 30_000);
  });
});
