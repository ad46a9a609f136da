import { benchSections, environment } from './sections';

/** `npm run bench`: prints one JSON object with figures only; nothing is asserted. */
async function main(): Promise<void> {
  const report: Record<string, unknown> = environment();
  for (const section of benchSections) report[section.name] = await section.run();
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
