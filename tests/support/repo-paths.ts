import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The folder the app's handlers read codebooks and the sample from in development. */
export const RESOURCES_DIR = join(REPO_ROOT, 'resources');
/** Output of `electron-vite build`. */
export const OUT_DIR = join(REPO_ROOT, 'out');
export const RENDERER_OUT_DIR = join(OUT_DIR, 'renderer');
export const MAIN_OUT_FILE = join(OUT_DIR, 'main', 'index.js');
