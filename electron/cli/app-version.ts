// The built CLI gets the package version at build time (vite.cli.config.ts); run from its
// TypeScript sources (tsx) it has none and says so.
declare const __APP_VERSION__: string | undefined;

/** The version stored with every LLM call the CLI makes, so a label can be traced to what produced it. */
export const CLI_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'source';
