/**
 * The renderer's Content-Security-Policy. Electron sends it with every file of the built
 * renderer (app:// protocol) and the test server sends the same header, so a violation shows
 * up in the Playwright tests exactly as it would in the app.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // WebAssembly may be compiled (the bootstrap's SIMD loop, shared/metrics/bootstrap-simd); this
  // allows no eval of JavaScript.
  "script-src 'self' 'wasm-unsafe-eval'",
  // React and the table library set inline style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  // Parsing workers may be built from blob: URLs.
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');
