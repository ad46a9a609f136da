/**
 * A main-side process for the generation kill test: the real LLM services on a data folder
 * (keys in memory, so it saves its connections each start), which resume the interrupted
 * generation job or start one conversation of the SID template, printing each job event as one
 * JSON line so the test can SIGKILL it mid-dialogue and start it again.
 * Usage: node --import tsx generation-child.ts <base URL> <data folder> <api key>
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildGenerationDefinition } from '../../../shared/scenario';
import { testLlmServices } from '../llm-services';
import { RESOURCES_DIR } from '../repo-paths';

const [baseURL, dataFolder, apiKey] = process.argv.slice(2);
const services = testLlmServices(dataFolder, (event) => {
  process.stdout.write(`${JSON.stringify(event)}\n`);
  // the client's kept-alive sockets would hold the process open
  if (event.type === 'finished') setImmediate(() => void services.shutdown().then(() => process.exit(0)));
});
const { problems } = await services.ready;
if (problems.length > 0) throw new Error(problems.join('\n'));
for (const [id, model] of [['teacher', 'teacher-model'], ['student', 'student-model']]) {
  await services.connections.save({ id, name: id, baseURL, model, extraHeaders: {}, sampling: {}, concurrency: { start: 1, min: 1, max: 1 } }, { set: apiKey });
}
const [existing] = services.jobs.list();
if (existing) await services.jobs.resume(existing.id);
else {
  const file = 'sid-teacher-led.yaml';
  const built = buildGenerationDefinition({ scenarioSource: await readFile(join(RESOURCES_DIR, 'scenarios', file), 'utf8'), scenarioFile: file, teacherConnectionIds: ['teacher'], roleConnections: { student: 'student' }, title: 'kill test' });
  if (!built.ok) throw new Error(built.problems.join('\n'));
  const [conversation] = built.definition.parameters.conversations;
  await services.jobs.start({ ...built.definition, itemIds: [conversation.id], parameters: { ...built.definition.parameters, conversations: [conversation] } });
}
