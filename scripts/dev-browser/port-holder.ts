/**
 * Who listens on a TCP port, for the one-line refusal when the port a profile keeps its data at
 * is taken. Linux only, best effort: the listening socket's inode from /proc/net/tcp{,6}, then
 * the process among this user's whose open files hold it (other users' processes cannot be
 * looked into, and are then "another program"). Elsewhere the answer is null.
 */
import { readdir, readFile, readlink } from 'node:fs/promises';

export interface PortHolder {
  pid: number;
  /** its command line, shortened, control characters left out (it is printed in a terminal) */
  command: string;
}

const LISTEN_STATE = '0A';
const MAX_COMMAND = 120;

async function listeningInodes(port: number): Promise<Set<string>> {
  const inodes = new Set<string>();
  const portHex = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // sl, local_address, rem_address, st, tx:rx, tr:when, retrnsmt, uid, timeout, inode
      if (fields.length < 10 || fields[3] !== LISTEN_STATE) continue;
      if (fields[1].split(':').pop()?.toUpperCase() === portHex) inodes.add(fields[9]);
    }
  }
  return inodes;
}

function printable(command: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = command.replace(/\u0000/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return clean.length > MAX_COMMAND ? `${clean.slice(0, MAX_COMMAND - 1)}…` : clean;
}

export async function findPortHolder(port: number, platform: NodeJS.Platform = process.platform): Promise<PortHolder | null> {
  if (platform !== 'linux') return null;
  const inodes = await listeningInodes(port);
  if (inodes.size === 0) return null;
  const sockets = new Set([...inodes].map((inode) => `socket:[${inode}]`));
  const pids = (await readdir('/proc').catch(() => [] as string[])).filter((name) => /^\d+$/.test(name));
  for (const pid of pids) {
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      if (!sockets.has(target)) continue;
      const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      return { pid: Number(pid), command: printable(command) || `process ${pid}` };
    }
  }
  return null;
}

/** The refusal when `port` is taken: one line, naming the port, who holds it if known, and what to do. */
export function portTakenMessage(port: number, holder: PortHolder | null, keptFor: string): string {
  const who = holder ? `by ${holder.command} (pid ${holder.pid})` : 'by another program';
  return `Port ${port} is in use ${who}. ${keptFor} keeps the app's data at http://127.0.0.1:${port} (the browser keeps it per port), so Maieutic does not move to another port: stop that program, or start with --port N to use another port (and the data stored there).`;
}
