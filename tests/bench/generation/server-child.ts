/**
 * The scripted server of the `generate` bench, in a process of its own so that its request log
 * (it keeps every body) is not counted in the memory of the run measured: the shared scenario
 * player (tests/support/llm-server/scenario-scripts.ts) answers every role after DELAY_MS
 * (argv[2]); its teacher never says [End], so the turn budget ends each dialogue. Prints
 * {"baseURL": …} on one line, then serves until killed.
 */
import { scenarioPlayer, startLlmServer } from '../../support/llm-server';

const delayMs = Number(process.argv[2] ?? 50);
const server = await startLlmServer({ defaultHandler: scenarioPlayer({ delayMs, teacherTurns: Infinity }) });
process.stdout.write(`${JSON.stringify({ baseURL: server.baseURL })}\n`);
