/**
 * Asks the browser not to evict our IndexedDB under storage pressure. Absent in some hosts
 * (older test browsers, insecure origins): then nothing is promised and the app says so.
 */
export async function requestPersistentStorage(): Promise<boolean | null> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage || typeof storage.persist !== 'function') return null;
  try {
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return null;
  }
}

export interface StorageStatus {
  persisted: boolean | null;
  usageBytes: number | null;
  quotaBytes: number | null;
}

export async function readStorageStatus(): Promise<StorageStatus> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  const status: StorageStatus = { persisted: null, usageBytes: null, quotaBytes: null };
  if (!storage) return status;
  try {
    if (typeof storage.persisted === 'function') status.persisted = await storage.persisted();
    if (typeof storage.estimate === 'function') {
      const estimate = await storage.estimate();
      status.usageBytes = estimate.usage ?? null;
      status.quotaBytes = estimate.quota ?? null;
    }
  } catch {
    // Unknown stays null: the view shows "unknown" rather than a guess.
  }
  return status;
}
