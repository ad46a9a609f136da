/**
 * Keys encrypted by a cipher (Electron's safeStorage in the app) in one JSON file of the app's
 * data folder: `{ version: 1, secrets: { <connection id>: <base64 of the encrypted bytes> } }`,
 * replaced atomically on every change. The file never holds a key in clear; without a working
 * cipher nothing is stored and setting a key says why.
 */
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { makePrivateDir, writePrivateFileAtomic } from '../private-files';
import type { SecretBackend, SecretStore } from './secret-store';

/** The part of Electron's safeStorage the store uses. */
export interface SecretCipher {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only in Electron; 'basic_text' means no keyring (encrypted with a fixed, public key) */
  getSelectedStorageBackend?(): string;
}

interface SecretsFile {
  version: 1;
  secrets: Record<string, string>;
}

export function cipherBackend(cipher: SecretCipher, platform: string): SecretBackend {
  if (!cipher.isEncryptionAvailable()) return 'unavailable';
  if (platform === 'linux' && cipher.getSelectedStorageBackend?.() === 'basic_text') return 'basic_text';
  return 'os-keyring';
}

export class EncryptedFileSecretStore implements SecretStore {
  readonly backend: SecretBackend;
  /** writes one after the other, so that two changes never race on the file */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly path: string,
    private readonly cipher: SecretCipher,
    platform: string,
  ) {
    this.backend = cipherBackend(cipher, platform);
  }

  private async load(): Promise<SecretsFile> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, secrets: {} };
      throw error;
    }
    const parsed = JSON.parse(text) as SecretsFile;
    if (parsed?.version !== 1 || typeof parsed.secrets !== 'object' || parsed.secrets === null) throw new Error(`${this.path}: not a key file this version of Maieutic reads.`);
    return { version: 1, secrets: Object.fromEntries(Object.entries(parsed.secrets).filter(([, value]) => typeof value === 'string')) };
  }

  private change(edit: (file: SecretsFile) => void): Promise<void> {
    const next = this.queue.then(async () => {
      const file = await this.load();
      edit(file);
      await makePrivateDir(dirname(this.path));
      await writePrivateFileAtomic(this.path, `${JSON.stringify(file)}\n`);
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  async has(connectionId: string): Promise<boolean> {
    return Object.hasOwn((await this.load()).secrets, connectionId);
  }

  async get(connectionId: string): Promise<string | null> {
    const file = await this.load();
    if (!Object.hasOwn(file.secrets, connectionId) || !this.cipher.isEncryptionAvailable()) return null;
    return this.cipher.decryptString(Buffer.from(file.secrets[connectionId], 'base64'));
  }

  set(connectionId: string, secret: string): Promise<void> {
    if (!this.cipher.isEncryptionAvailable()) return Promise.reject(new Error('This system offers no way to encrypt the key, so it is not stored. Use a key in the environment with the command line instead.'));
    const encrypted = this.cipher.encryptString(secret).toString('base64');
    return this.change((file) => {
      file.secrets[connectionId] = encrypted;
    });
  }

  delete(connectionId: string): Promise<void> {
    return this.change((file) => {
      delete file.secrets[connectionId];
    });
  }
}
