import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../../electron/main/content-security-policy';
import { resolveRendererPath, serveRendererFile } from '../../../../electron/main/renderer-files';
import { makeTempDir, type TempDir } from '../../../support/temp-dir';

let temp: TempDir;
beforeEach(async () => {
  temp = await makeTempDir();
  await mkdir(join(temp.path, 'renderer', 'assets'), { recursive: true });
  await writeFile(join(temp.path, 'renderer', 'index.html'), '<!doctype html>');
  await writeFile(join(temp.path, 'renderer', 'assets', 'index-abc.js'), 'export {}');
  await writeFile(join(temp.path, 'renderer', 'assets', 'worker.wasm'), new Uint8Array([0, 97, 115, 109]));
  await writeFile(join(temp.path, 'secret.txt'), 'outside');
});
afterEach(async () => {
  await temp.remove();
});

const root = () => join(temp.path, 'renderer');

describe('serveRendererFile', () => {
  it('serves index.html for / with the CSP header', async () => {
    const response = await serveRendererFile(root(), '/');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(Buffer.from(response.body).toString()).toBe('<!doctype html>');
  });

  it('serves module scripts and wasm with the types browsers insist on', async () => {
    expect((await serveRendererFile(root(), '/assets/index-abc.js')).headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await serveRendererFile(root(), '/assets/worker.wasm')).headers['content-type']).toBe('application/wasm');
  });

  it('answers 404 for a missing file and for a folder', async () => {
    expect((await serveRendererFile(root(), '/missing.js')).status).toBe(404);
    expect((await serveRendererFile(root(), '/assets')).status).toBe(404);
  });

  it('never serves a file outside the renderer folder', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/..%5csecret.txt', '/%00', '/%E0%A4%A']) {
      const response = await serveRendererFile(root(), path);
      expect(response.status, path).toBe(400);
      expect(String(response.body), path).not.toContain('outside');
    }
  });
});

describe('resolveRendererPath', () => {
  it('maps URL paths into the root and refuses escapes', () => {
    expect(resolveRendererPath('/r', '/')).toBe('/r/index.html');
    expect(resolveRendererPath('/r', '/assets/a%20b.js')).toBe('/r/assets/a b.js');
    expect(resolveRendererPath('/r', '/../x')).toBeNull();
    expect(resolveRendererPath('/r', '/%2e%2e/x')).toBeNull();
  });
});

describe('CONTENT_SECURITY_POLICY', () => {
  it('allows no inline or remote script and no framing', () => {
    const directives = new Map(CONTENT_SECURITY_POLICY.split('; ').map((directive) => {
      const [name, ...sources] = directive.split(' ');
      return [name, sources.join(' ')] as const;
    }));
    expect(directives.get('default-src')).toBe("'self'");
    // 'wasm-unsafe-eval' lets WebAssembly compile (the bootstrap's SIMD loop) and allows no eval
    expect(directives.get('script-src')).toBe("'self' 'wasm-unsafe-eval'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('base-uri')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(directives.get('connect-src')).toBe("'self'");
  });
});
