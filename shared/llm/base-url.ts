/**
 * Reads a base URL by hand: shared/ has no URL class (no DOM, no node types), and a check that
 * says what is wrong in words is wanted anyway. Problems never quote the URL, which could hold a
 * password.
 */

export interface BaseUrlParts {
  scheme: 'http' | 'https';
  host: string;
  port: number | null;
  /** '' when the URL has no path */
  path: string;
  /** 127.0.0.0/8, ::1 or localhost: nothing leaves the machine */
  loopback: boolean;
}

export type BaseUrlReading = { ok: true; url: BaseUrlParts } | { ok: false; problem: string };

const HOST_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.?$/;
const IPV6 = /^\[[0-9A-Fa-f:.]+\]$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

function hasSpaceOrControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch <= 0x20 || ch === 0x7f || ch === 0x85 || ch === 0xa0 || ch === 0x3000 || (ch >= 0x2000 && ch <= 0x200b) || ch === 0x2028 || ch === 0x2029) return true;
  }
  return false;
}

function isLoopback(host: string): boolean {
  const lower = host.toLowerCase();
  return lower === 'localhost' || lower.endsWith('.localhost') || lower === '[::1]' || (IPV4.test(host) && host.startsWith('127.'));
}

function readHost(authority: string): { host: string; port: number | null } | string {
  let host = authority;
  let port: number | null = null;
  const colon = authority.lastIndexOf(':');
  if (colon !== -1 && !authority.endsWith(']')) {
    host = authority.slice(0, colon);
    const digits = authority.slice(colon + 1);
    if (!/^\d{1,5}$/.test(digits) || Number(digits) < 1 || Number(digits) > 65535) return 'the port must be a number from 1 to 65535';
    port = Number(digits);
  }
  if (host.length === 0) return 'the URL names no host';
  if (IPV4.test(host)) {
    if (host.split('.').some((part) => Number(part) > 255)) return 'the host is not a valid IPv4 address';
  } else if (!IPV6.test(host) && !(host.length <= 253 && HOST_NAME.test(host))) {
    return 'the host name may hold only letters, digits, dots and hyphens (write an international name in its xn-- form)';
  }
  return { host, port };
}

export function readBaseUrl(text: string): BaseUrlReading {
  if (text.length === 0) return { ok: false, problem: 'the base URL is empty' };
  if (hasSpaceOrControl(text)) return { ok: false, problem: 'the base URL must not hold spaces or control characters' };
  const scheme = /^https:\/\//i.test(text) ? 'https' : /^http:\/\//i.test(text) ? 'http' : null;
  if (scheme === null) return { ok: false, problem: /^[a-z][a-z0-9+.-]*:/i.test(text) ? 'the base URL must start with http:// or https://' : 'the base URL must start with http:// or https:// (for example https://api.openai.com/v1)' };
  const rest = text.slice(scheme.length + 3);
  if (rest.includes('#')) return { ok: false, problem: 'the base URL must not hold a fragment (#…)' };
  if (rest.includes('?')) return { ok: false, problem: 'the base URL must not hold a query (?…): the client adds the API paths after it' };
  const slash = rest.indexOf('/');
  const authority = slash === -1 ? rest : rest.slice(0, slash);
  if (authority.includes('@')) return { ok: false, problem: 'the base URL must not hold a user name or password; put the key in the API key field, where it is stored encrypted' };
  const host = readHost(authority);
  if (typeof host === 'string') return { ok: false, problem: host };
  return { ok: true, url: { scheme, host: host.host, port: host.port, path: slash === -1 ? '' : rest.slice(slash), loopback: isLoopback(host.host) } };
}
