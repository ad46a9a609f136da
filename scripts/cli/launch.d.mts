/** The built CLI's path (out/cli/main.js). */
export const BUILT_CLI: string;
/** The files and folders (relative to the repository) the built CLI is made from. */
export const CLI_SOURCES: readonly string[];
/** true when out/cli/main.js exists and is newer than every source it is built from */
export function isBuiltCliCurrent(): boolean;
/** Builds out/cli with the project's vite; resolves to the exit status (0 when built). */
export function buildCli(): Promise<number>;
