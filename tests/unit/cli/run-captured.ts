/** Runs the CLI in this process with its output captured: what every CLI test checks. */
import { runCli } from '../../../electron/cli/main';

export interface CapturedRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCaptured(argv: readonly string[]): Promise<CapturedRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli([...argv], { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) });
  return { code, stdout, stderr };
}
