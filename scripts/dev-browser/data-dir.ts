/**
 * Where the browser hosts keep what main writes (connections, cached answers, job journals,
 * backups) and dev:browser's Chromium profile: MAIEUTIC_USER_DATA_DIR, or a per-user folder by
 * the platform's convention. Never the system's temp folder: that is emptied at reboot and
 * shared by every user of the machine.
 *   Linux and others  $XDG_DATA_HOME/maieutic (~/.local/share/maieutic)
 *   macOS             ~/Library/Application Support/Maieutic Browser
 *   Windows           %LOCALAPPDATA%\Maieutic Browser
 * (Electron's own folder is another: ~/.config/Maieutic, …/Application Support/Maieutic,
 * %APPDATA%\Maieutic. Its reviews live in another browser profile, so its jobs are not these.)
 */
import { lstat, mkdir } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { isOpenToOthers, PRIVATE_DIR_MODE } from '../../electron/services/private-files';

/** dev:browser's Chromium profile, inside the data folder */
export const BROWSER_PROFILE_FOLDER = 'browser-profile';

export function defaultDataDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, home: string): string {
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Maieutic Browser');
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'Maieutic Browser');
  // the XDG base directory spec: a relative XDG_DATA_HOME is invalid and ignored
  const dataHome = env.XDG_DATA_HOME && isAbsolute(env.XDG_DATA_HOME) ? env.XDG_DATA_HOME : join(home, '.local', 'share');
  return join(dataHome, 'maieutic');
}

export function hostDataDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, home: string): string {
  return resolve(env.MAIEUTIC_USER_DATA_DIR || defaultDataDir(env, platform, home));
}

/**
 * Creates the data folder (0700, with any missing parents) and says, in one line, what is wrong
 * with it if it was there already and other users may enter it (it is left as the user made it).
 */
export async function prepareDataDir(dir: string): Promise<string | null> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const info = await lstat(dir);
  if (!info.isDirectory() && !info.isSymbolicLink()) throw new Error(`${dir} is not a folder; set MAIEUTIC_USER_DATA_DIR to a folder for the app's data.`);
  if (isOpenToOthers(info.mode)) return `Note: other users of this machine may open ${dir} (mode ${(info.mode & 0o777).toString(8)}); \`chmod 700\` it to keep the app's data to yourself.`;
  return null;
}
