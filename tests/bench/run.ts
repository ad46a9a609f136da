import { benchSections, environment } from './sections';

/**
 * `npm run bench`: prints one JSON object with figures only; nothing is asserted.
 * `npm run bench -- agreement metrics` runs only the named sections.
 */
async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !benchSections.some((section) => section.name === name));
  if (unknown.length > 0) throw new Error(`No bench section ${unknown.join(', ')} (sections: ${benchSections.map((section) => section.name).join(', ')}).`);
  const report: Record<string, unknown> = environment();
  for (const section of benchSections) {
    if (wanted.length === 0 || wanted.includes(section.name)) report[section.name] = await section.run();
  }
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
