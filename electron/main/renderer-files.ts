/**
 * Serves the built renderer (`out/renderer`) by URL path. Used by the app:// protocol in
 * Electron and by the static server the tests and the browser dev host run, so both send the
 * same bytes with the same headers.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, resolve } from 'node:path';
import { CONTENT_SECURITY_POLICY } from './content-security-policy';

export interface RendererFileResponse {
  status: 200 | 400 | 404;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer> | string;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-cache',
};

/**
 * Maps a URL path (`/assets/index-abc.js`, `/` for index.html) to a file inside `rootDir`.
 * Returns null for anything that would escape `rootDir` (`..`, an encoded separator, NUL).
 */
export function resolveRendererPath(rootDir: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const relativePath = decoded === '' || decoded.endsWith('/') ? `${decoded}index.html` : decoded;
  const root = resolve(rootDir);
  const path = join(root, relativePath);
  const fromRoot = relative(root, path);
  if (fromRoot === '' || fromRoot.startsWith('..') || isAbsolute(fromRoot)) return null;
  return path;
}

export async function serveRendererFile(rootDir: string, urlPath: string): Promise<RendererFileResponse> {
  const path = resolveRendererPath(rootDir, urlPath);
  if (path === null) return textResponse(400, 'Bad path');
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return textResponse(404, `Not found: ${urlPath}`);
  const body = await readFile(path);
  return { status: 200, headers: { 'content-type': contentTypeFor(path), ...SECURITY_HEADERS }, body };
}

function textResponse(status: 400 | 404, text: string): RendererFileResponse {
  return { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS }, body: text };
}
