import { describe, expect, it } from 'vitest';
import {
  appLocationOf,
  isAppUrl,
  isExternalWebUrl,
  isPermissionAllowed,
  secureWebContents,
} from '../../../../electron/main/window-security';

const app = appLocationOf('app://maieutic/index.html');

type Listener = (event: { preventDefault(): void }, url: string) => void;

function fakeContents() {
  const listeners = new Map<string, Listener>();
  let openHandler: ((details: { url: string }) => { action: string }) | null = null;
  const contents = {
    on: (name: string, listener: Listener) => {
      listeners.set(name, listener);
      return contents;
    },
    setWindowOpenHandler: (handler: (details: { url: string }) => { action: string }) => {
      openHandler = handler;
    },
  };
  const fire = (name: string, url = '') => {
    let prevented = false;
    listeners.get(name)?.({ preventDefault: () => (prevented = true) }, url);
    return prevented;
  };
  return { contents, fire, open: (url: string) => openHandler?.({ url }) };
}

function secure() {
  const opened: string[] = [];
  const fake = fakeContents();
  secureWebContents(fake.contents as never, { app, openExternal: (url) => opened.push(url) });
  return { ...fake, opened };
}

describe('secureWebContents', () => {
  it('lets the app navigate within itself', () => {
    const { fire, opened } = secure();
    expect(fire('will-navigate', 'app://maieutic/index.html#review')).toBe(false);
    expect(opened).toEqual([]);
  });

  it('blocks navigation elsewhere, sending web links to the browser and dropping the rest', () => {
    const { fire, opened } = secure();
    expect(fire('will-navigate', 'https://example.org/paper')).toBe(true);
    expect(fire('will-navigate', 'file:///home/me/dropped.jsonl')).toBe(true);
    expect(fire('will-navigate', 'app://other/index.html')).toBe(true);
    expect(opened).toEqual(['https://example.org/paper']);
  });

  it('denies every new window', () => {
    const { open, opened } = secure();
    expect(open('https://example.org/')).toEqual({ action: 'deny' });
    expect(open('javascript:alert(1)')).toEqual({ action: 'deny' });
    expect(open('app://maieutic/index.html')).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://example.org/']);
  });

  it('refuses <webview>', () => {
    expect(secure().fire('will-attach-webview')).toBe(true);
  });
});

describe('isAppUrl', () => {
  it('matches protocol and host, also for the dev server', () => {
    const dev = appLocationOf('http://localhost:5173/');
    expect(isAppUrl('http://localhost:5173/src/main.tsx', dev)).toBe(true);
    expect(isAppUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isAppUrl('not a url', app)).toBe(false);
  });
});

describe('isExternalWebUrl', () => {
  it('allows only web and mail links', () => {
    expect(['https://a.b/', 'http://a.b/', 'mailto:x@y.z', 'file:///etc/passwd', 'javascript:1', 'smb://host/share'].map(isExternalWebUrl)).toEqual([
      true, true, true, false, false, false,
    ]);
  });
});

describe('isPermissionAllowed', () => {
  it('grants persistent storage and clipboard writing, nothing else', () => {
    expect(isPermissionAllowed('persistent-storage')).toBe(true);
    expect(isPermissionAllowed('clipboard-sanitized-write')).toBe(true);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fileSystem']) {
      expect(isPermissionAllowed(permission), permission).toBe(false);
    }
  });
});
