/**
 * The synthesis spec template bundled with the app (resources/synthesis/elmes-scenegen.yaml), read
 * as text by Vite at build time as the scenario templates are, so the renderer needs no file access.
 */
import elmesScenegen from '../../../../resources/synthesis/elmes-scenegen.yaml?raw';

export const SPEC_TEMPLATE = { file: 'elmes-scenegen.yaml', source: elmesScenegen } as const;
