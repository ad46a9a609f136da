import { runProcess } from './run-process';
import { setRatingsScanWorkerFile } from './worker-files';

// The entry of the built CLI (out/cli/main.js, see vite.cli.config.ts): it always runs, since
// scripts/cli/launch.mjs imports it rather than naming it as the process's script. The worker
// scripts are built beside it.
setRatingsScanWorkerFile(new URL('./ratings-scan-worker.js', import.meta.url));
runProcess();
