/**
 * The scripted server for the llm bench, in a process of its own so that its request log (it
 * keeps every body) is not counted in the engine's memory: answers every pre-annotation prompt with a valid answer after
 * DELAY_MS (argv[2]). Prints {"baseURL": …} on one line, then serves until killed.
 */
import { DEFAULT_CODEBOOK } from '../../../shared/codebook';
import { reply, startLlmServer } from '../../support/llm-server';
import { promptTurns, validAnswer } from '../../support/jobs/valid-answers';

const delayMs = Number(process.argv[2] ?? 50);
const server = await startLlmServer();
server.setDefaultHandler(({ body }) => {
  const answer = reply.json(validAnswer(DEFAULT_CODEBOOK, promptTurns(String(body.messages.at(-1)?.content ?? ''))));
  return delayMs > 0 ? reply.delay(delayMs, answer) : answer;
});
process.stdout.write(`${JSON.stringify({ baseURL: server.baseURL })}\n`);
