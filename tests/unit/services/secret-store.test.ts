import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EncryptedFileSecretStore, type SecretCipher } from '../../../electron/services/secrets/encrypted-file-store';
import { EnvSecretStore, MemorySecretStore } from '../../../electron/services/secrets/secret-store';
import { makeTempDir, type TempDir } from '../../support/temp-dir';

/** A stand-in for safeStorage: reversible, and nothing like the plain text (XOR and reversed). */
function fakeCipher(available = true, backend = 'gnome_libsecret'): SecretCipher {
  const scramble = (bytes: Buffer) => Buffer.from(bytes.map((byte) => byte ^ 0x5a).reverse());
  return {
    isEncryptionAvailable: () => available,
    encryptString: (plain) => scramble(Buffer.from(plain, 'utf8')),
    decryptString: (encrypted) => scramble(encrypted).toString('utf8'),
    getSelectedStorageBackend: () => backend,
  };
}

const KEY = 'sk-test-5f1d9c2e7a4b43c8a1d0e6f7b9c2d3e4';

describe('secret stores', () => {
  let dir: TempDir;
  beforeEach(async () => {
    dir = await makeTempDir();
  });
  afterEach(() => dir.remove());

  it('the encrypted file store gives keys back and never writes one in clear (nor in base64)', async () => {
    const path = join(dir.path, 'keys.json');
    const store = new EncryptedFileSecretStore(path, fakeCipher(), 'linux');
    expect(store.backend).toBe('os-keyring');
    expect(await store.get('c1')).toBeNull();
    await Promise.all([store.set('c1', KEY), store.set('c2', 'other-key-1234')]);
    expect(await store.get('c1')).toBe(KEY);
    expect(await store.get('c2')).toBe('other-key-1234');
    expect(await store.has('c1')).toBe(true);
    const onDisk = await readFile(path, 'utf8');
    expect(onDisk).not.toContain(KEY);
    expect(onDisk).not.toContain(Buffer.from(KEY).toString('base64'));
    await store.delete('c1');
    expect(await store.has('c1')).toBe(false);
    expect(await store.get('c2')).toBe('other-key-1234');
  });

  it('says when Linux has no keyring (basic_text), and refuses to store a key it cannot encrypt', async () => {
    expect(new EncryptedFileSecretStore(join(dir.path, 'a.json'), fakeCipher(true, 'basic_text'), 'linux').backend).toBe('basic_text');
    expect(new EncryptedFileSecretStore(join(dir.path, 'a.json'), fakeCipher(true, 'basic_text'), 'darwin').backend).toBe('os-keyring');
    const unavailable = new EncryptedFileSecretStore(join(dir.path, 'b.json'), fakeCipher(false), 'linux');
    expect(unavailable.backend).toBe('unavailable');
    await expect(unavailable.set('c1', KEY)).rejects.toThrow(/no way to encrypt/);
  });

  it('refuses a key file it does not know rather than overwrite it', async () => {
    const path = join(dir.path, 'keys.json');
    await import('node:fs/promises').then((fs) => fs.writeFile(path, '{"version":7}'));
    const store = new EncryptedFileSecretStore(path, fakeCipher(), 'linux');
    await expect(store.set('c1', KEY)).rejects.toThrow(/not a key file/);
    expect(await readFile(path, 'utf8')).toBe('{"version":7}');
  });

  it('the CLI store reads one variable and stores nothing; the memory store keeps keys for tests', async () => {
    const env = new EnvSecretStore('MY_KEY', { MY_KEY: KEY });
    expect(await env.get('any')).toBe(KEY);
    expect(await new EnvSecretStore('MY_KEY', {}).get('any')).toBeNull();
    expect(await new EnvSecretStore('MY_KEY', { MY_KEY: '' }).has('any')).toBe(false);
    await expect(env.set('c', 'k')).rejects.toThrow(/MY_KEY/);
    const memory = new MemorySecretStore();
    await memory.set('c', KEY);
    expect(await memory.get('c')).toBe(KEY);
    await memory.delete('c');
    expect(await memory.has('c')).toBe(false);
  });
});
