/**
 * A main-side process for the kill test: it restores the job registry of a data folder, resumes
 * an interrupted job or starts one of ITEMS items, and prints each event as one JSON line, so
 * the test can kill it (SIGKILL, no chance to flush) after some items and start it again.
 * Usage: node --import tsx job-child.ts <base URL> <data folder> <items>
 */
import { join } from 'node:path';
import { JobRegistry } from '../../../electron/services/jobs/job-registry';
import { echoJobRunner } from './echo-job';

const [baseURL, dataFolder, items] = process.argv.slice(2);
const registry = new JobRegistry({
  folder: join(dataFolder, 'jobs'),
  runners: [echoJobRunner({ baseURL, dataFolder, concurrency: 3 })],
  emit: (event) => process.stdout.write(`${JSON.stringify(event)}\n`),
  newId: () => 'killed-job',
});
const { problems } = await registry.restore();
if (problems.length > 0) throw new Error(problems.join('\n'));
const [existing] = registry.list();
if (existing) await registry.resume(existing.id);
else await registry.start({ kind: 'judge', title: 'kill test', connectionIds: ['c1'], itemIds: Array.from({ length: Number(items) }, (_, index) => `d${index + 1}`), parameters: {} });
