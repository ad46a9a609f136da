import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The folder the app's handlers read codebooks and the sample from in development. */
export const RESOURCES_DIR = join(REPO_ROOT, 'resources');
/** Output of `electron-vite build`. */
export const OUT_DIR = join(REPO_ROOT, 'out');
export const RENDERER_OUT_DIR = join(OUT_DIR, 'renderer');
export const MAIN_OUT_FILE = join(OUT_DIR, 'main', 'index.js');
/**
 * The project's shared folder (real public datasets, reference values): `../shared` beside the
 * checkout, or where MAIEUTIC_SHARED_DIR says (.ci/run sets it for a clone made away from it).
 */
export const SHARED_DIR = process.env.MAIEUTIC_SHARED_DIR ? resolve(process.env.MAIEUTIC_SHARED_DIR) : resolve(REPO_ROOT, '..', 'shared');
export const DATASETS_DIR = join(SHARED_DIR, 'datasets');
