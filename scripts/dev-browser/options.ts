/** The command line of scripts/dev-browser.ts (its header lists every option). */

export interface DevBrowserOptions {
  serve: boolean;
  /** asked for with --port or MAIEUTIC_PORT; otherwise the profile's recorded port, or the default */
  port?: number;
  /** dev:browser without a visible window (tests, machines without a display) */
  headless: boolean;
  /** dev:browser's Chromium takes DevTools connections on this loopback port (0: any free one) */
  remoteDebuggingPort?: number;
}

function portNumber(flag: string, text: string | undefined, lowest: number): number {
  const port = Number(text);
  if (text === undefined || text.trim() === '' || !Number.isInteger(port) || port < lowest || port > 65535) {
    throw new Error(`${flag} needs a port number from ${lowest} to 65535 (got ${text === undefined ? 'nothing' : `"${text}"`}).`);
  }
  return port;
}

const USAGE = 'dev:browser takes --serve, --port N, --headless and --remote-debugging-port N.';

export function parseOptions(argv: readonly string[], env: NodeJS.ProcessEnv): DevBrowserOptions {
  let serve = false;
  let headless = env.MAIEUTIC_HEADLESS === '1';
  let portText: string | undefined = env.MAIEUTIC_PORT || undefined;
  let portFlag = 'MAIEUTIC_PORT';
  let debugText: string | undefined;
  let debugAsked = false;
  for (let at = 0; at < argv.length; at++) {
    const arg = argv[at];
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++at];
    if (name === '--serve' && inline === undefined) serve = true;
    else if (name === '--headless' && inline === undefined) headless = true;
    else if (name === '--port') {
      portText = value();
      portFlag = '--port';
    } else if (name === '--remote-debugging-port') {
      debugText = value();
      debugAsked = true;
    }
    else throw new Error(`Unknown argument ${JSON.stringify(arg)}; ${USAGE}`);
  }
  return {
    serve,
    headless,
    port: portText === undefined && portFlag !== '--port' ? undefined : portNumber(portFlag, portText, 1),
    remoteDebuggingPort: debugText === undefined && !debugAsked ? undefined : portNumber('--remote-debugging-port', debugText, 0),
  };
}
