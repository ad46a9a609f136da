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
import { lstat, mkdir, stat } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { isOpenToOthers, PRIVATE_DIR_MODE } from '../../electron/services/private-files';

/** dev:browser's Chromium profile, inside the data folder */
export const BROWSER_PROFILE_FOLDER = 'browser-profile';
/** where versions before issue 29 kept the browser hosts' data, for every user of the machine */
export const LEGACY_TEMP_FOLDER = 'maieutic-dev-browser';

/**
 * A note when this user's data of an older version is still in the temp folder (its backups
 * above all, until the next reboot). Nothing is read from there: anyone on the machine may have
 * put files in a temp folder, so copying what is wanted is the user's call.
 */
export async function legacyDataNote(tempDir: string, dataDir: string): Promise<string | null> {
  const legacy = join(tempDir, LEGACY_TEMP_FOLDER);
  const info = await lstat(legacy).catch(() => null);
  if (!info?.isDirectory() || info.uid !== process.getuid?.()) return null;
  return `Note: an older version kept its data in ${legacy} (backups in ${join(legacy, 'backups')}); it is no longer used and goes at the next reboot. The data folder is now ${dataDir}: copy what you need there.`;
}

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
  const notAFolder = () => new Error(`${dir} is not a folder; set MAIEUTIC_USER_DATA_DIR to a folder for the app's data.`);
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE }).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EEXIST' || error.code === 'ENOTDIR' ? notAFolder() : error;
  });
  // a link to a folder is the user's arrangement: what counts is the folder it leads to
  const info = await stat(dir);
  if (!info.isDirectory()) throw notAFolder();
  if (isOpenToOthers(info.mode)) return `Note: other users of this machine may open ${dir} (mode ${(info.mode & 0o777).toString(8)}); \`chmod 700\` it to keep the app's data to yourself.`;
  return null;
}
