// Preloaded (`node --require`) into the electron package's installer, node_modules/electron/install.js,
// which reports a failed download with `console.error(err.stack)`: a trace through the downloader's
// internals that tells the user nothing, and without the error's `cause`, which holds the reason
// ("getaddrinfo ENOTFOUND github.com"). Every stack in that process becomes one line,
// "message (cause)", which scripts/start.mjs prints as the cause.
'use strict';

const MAX_CAUSES = 4;

/** "fetch failed (getaddrinfo ENOTFOUND github.com)": the message, then each cause in brackets. */
function describe(error, depth) {
  if (!error || typeof error !== 'object') return String(error);
  let text = typeof error.message === 'string' && error.message !== '' ? error.message : '';
  // AggregateError (one attempt per address, e.g. ::1 and 127.0.0.1) keeps the reasons in `errors`
  if (text === '' && Array.isArray(error.errors) && error.errors.length > 0) text = error.errors.map((inner) => describe(inner, MAX_CAUSES)).join('; ');
  if (text === '') text = typeof error.code === 'string' ? error.code : String(error.name ?? 'Error');
  if (error.cause !== undefined && depth < MAX_CAUSES) text += ` (${describe(error.cause, depth + 1)})`;
  return text;
}

Error.prepareStackTrace = (error) => describe(error, 0);

module.exports = { describe };
