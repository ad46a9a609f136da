/**
 * Settings that belong to this machine / this person's profile, not to the work: a project file
 * leaves them out, and importing a project keeps the profile's own values. A backup (same machine)
 * carries everything.
 * - `backup.*`: the backup schedule and how many to keep (about this data folder)
 * - `reviewerName`: who works in this profile (the reviews themselves keep who reviewed them)
 * - `labelLanguage`: how this person likes labels shown
 */
export function isLocalSetting(key: unknown): boolean {
  return typeof key === 'string' && (key.startsWith('backup.') || key === 'reviewerName' || key === 'labelLanguage');
}
