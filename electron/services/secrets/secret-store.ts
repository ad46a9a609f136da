import type { KeyStorage } from '../../../shared/llm';

/**
 * Where API keys live: behind one port, so that main keeps them encrypted with Electron's
 * safeStorage (EncryptedFileSecretStore with safeStorage as its cipher), the CLI reads them from
 * its environment (EnvSecretStore), and tests hold them in memory. Nothing else ever holds a key:
 * the renderer, IndexedDB, logs, journals and exports only ever see whether one is set.
 */
export interface SecretStore {
  /** where keys are kept, for the settings to say (Linux without a keyring is 'basic_text': encrypted with a fixed key) */
  readonly backend: SecretBackend;
  has(connectionId: string): Promise<boolean>;
  get(connectionId: string): Promise<string | null>;
  set(connectionId: string, secret: string): Promise<void>;
  delete(connectionId: string): Promise<void>;
}

export type SecretBackend = KeyStorage;

export class MemorySecretStore implements SecretStore {
  readonly backend = 'memory' as const;
  private readonly secrets = new Map<string, string>();

  async has(connectionId: string) {
    return this.secrets.has(connectionId);
  }

  async get(connectionId: string) {
    return this.secrets.get(connectionId) ?? null;
  }

  async set(connectionId: string, secret: string) {
    this.secrets.set(connectionId, secret);
  }

  async delete(connectionId: string) {
    this.secrets.delete(connectionId);
  }
}

/**
 * The CLI's keys: one environment variable for every connection (`OPENAI_API_KEY` unless
 * `--api-key-env NAME` names another). Nothing is written.
 */
export class EnvSecretStore implements SecretStore {
  readonly backend = 'environment' as const;

  constructor(
    private readonly variable: string = 'OPENAI_API_KEY',
    private readonly env: Record<string, string | undefined> = process.env,
  ) {}

  // every connection of a CLI run shares the one variable, so the connection id is not used
  async has(_connectionId?: string) {
    return Boolean(this.env[this.variable]);
  }

  async get(_connectionId?: string) {
    return this.env[this.variable] || null;
  }

  async set(_connectionId?: string, _secret?: string): Promise<void> {
    throw new Error(`The command line does not store keys; set ${this.variable} in the environment.`);
  }

  async delete(_connectionId?: string): Promise<void> {
    throw new Error(`The command line does not store keys; unset ${this.variable} in the environment.`);
  }
}
