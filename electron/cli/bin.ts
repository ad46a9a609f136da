import { runProcess } from './run-process';

// The entry of the built CLI (out/cli/main.js, see vite.cli.config.ts): it always runs, since
// scripts/cli/launch.mjs imports it rather than naming it as the process's script.
runProcess();
