/**
 * The scripted server of the `generate` bench, in a process of its own so that its request log
 * (it keeps every body) is not counted in the memory of the run measured: every chat request is
 * answered with a short utterance of the role that asked, after DELAY_MS (argv[2]), naming the
 * turn so that no two answers of a conversation are the same. Prints {"baseURL": …} on one line,
 * then serves until killed.
 */
import { reply, startLlmServer } from '../../support/llm-server';

const delayMs = Number(process.argv[2] ?? 50);
const server = await startLlmServer();
server.setDefaultHandler(({ body }) => {
  const messages = body.messages as { role: string; content: unknown }[];
  const system = String(messages[0]?.content ?? '');
  const teacher = system.includes('teacher');
  const turn = messages.filter((message) => message.role === 'assistant').length + 1;
  const answer = reply.answer(teacher ? `Question ${turn}: what would happen if the light were halved?` : `Answer ${turn}: the plant would grow more slowly, I think.`);
  return delayMs > 0 ? reply.delay(delayMs, answer) : answer;
});
process.stdout.write(`${JSON.stringify({ baseURL: server.baseURL })}\n`);
