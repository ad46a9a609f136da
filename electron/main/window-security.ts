/**
 * Navigation, window and permission policy for every web contents the app creates. Only type
 * imports from electron, so the policy is unit-tested with fakes.
 */
import type { WebContents } from 'electron';

/** Where the renderer is allowed to live: the app:// origin, or the dev server while developing. */
export interface AppLocation {
  protocol: string;
  host: string;
}

export function appLocationOf(url: string): AppLocation {
  const parsed = new URL(url);
  return { protocol: parsed.protocol, host: parsed.host };
}

/**
 * Compares protocol and host rather than `URL.origin`: for a custom scheme such as app:// the
 * WHATWG origin is the opaque "null" and would match nothing (or everything).
 */
export function isAppUrl(url: string, app: AppLocation): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === app.protocol && parsed.host === app.host;
  } catch {
    return false;
  }
}

/** Links the user may open in their browser; everything else is dropped. */
export function isExternalWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' || protocol === 'mailto:';
  } catch {
    return false;
  }
}

/**
 * Permissions the renderer may have. Persistent storage keeps the browser from evicting the
 * review database under disk pressure; clipboard writing backs "copy" buttons. Nothing else
 * (camera, geolocation, notifications, …) is needed.
 */
const ALLOWED_PERMISSIONS = new Set(['persistent-storage', 'clipboard-sanitized-write']);

export function isPermissionAllowed(permission: string): boolean {
  return ALLOWED_PERMISSIONS.has(permission);
}

export interface SecureContentsOptions {
  app: AppLocation;
  openExternal(url: string): void;
}

/**
 * Keeps a web contents on the app: no navigation away (a dropped file or a link would otherwise
 * replace the app), no new windows, no <webview>. Web links go to the user's browser instead.
 */
export function secureWebContents(contents: Pick<WebContents, 'on' | 'setWindowOpenHandler'>, options: SecureContentsOptions): void {
  contents.on('will-navigate', (event, url) => {
    if (isAppUrl(url, options.app)) return;
    event.preventDefault();
    if (isExternalWebUrl(url)) options.openExternal(url);
  });
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalWebUrl(url)) options.openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
  });
}
