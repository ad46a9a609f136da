import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveRendererFile } from '../../electron/main/renderer-files';

export interface StaticServer {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the built renderer on a loopback port (a free one, unless `port` names one: dev:browser
 * keeps its data at one port) with the same files, MIME types and Content-Security-Policy header
 * as the app:// protocol in Electron (both use electron/main/renderer-files.ts). Rejects with the
 * listen error (EADDRINUSE) when the port is taken.
 */
export async function startStaticServer(rootDir: string, options: { port?: number } = {}): Promise<StaticServer> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1');
    serveRendererFile(rootDir, pathname).then(
      (file) => {
        // Chromium asks for /favicon.ico on its own (the app:// protocol in Electron is not
        // asked); a 404 there would be reported as a console error the app did not cause.
        if (file.status === 404 && pathname === '/favicon.ico') {
          response.writeHead(204).end();
          return;
        }
        response.writeHead(file.status, file.headers);
        response.end(request.method === 'HEAD' ? undefined : file.body);
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(String(error));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Chromium keeps connections alive; without this, close() waits for them to time out.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
