import type { KeychainProblem } from '../../../shared/domain/status';
import type { ApiCredentials } from '../api/signing';
import { PosFailure } from '../pos/failure';

export const KEYCHAIN_SERVICE = 'esim-counter';
const ACCOUNT = 'reseller-api';

type Keytar = typeof import('@github/keytar');

const ADVICE: Readonly<Record<KeychainProblem, string>> = {
  'library-missing':
    'The OS keychain library could not be loaded (on Linux install libsecret), so API credentials cannot be stored safely. The counter keeps working in training mode.',
  'not-answering':
    'No OS keychain is available, so API credentials cannot be stored safely. On Linux install and unlock a Secret Service (GNOME Keyring or KWallet). The counter keeps working in training mode.',
};

/**
 * Credentials in the OS keychain (macOS Keychain, Windows Credential Manager, the Secret Service on
 * Linux) through @github/keytar. There is deliberately no fallback: without a keychain nothing is
 * stored, and the caller gets KEYCHAIN_UNAVAILABLE.
 *
 * keytar is a native module linked against the system's keychain library. It is loaded on first use,
 * never when the app starts: a machine without that library (libsecret) must still open the counter
 * in training mode, with Settings saying why credentials cannot be stored.
 */
export class Keychain {
  private library: Promise<Keytar | null> | null = null;

  constructor(
    private readonly service: string = KEYCHAIN_SERVICE,
    private readonly onLoadFailure: (error: unknown) => void = () => undefined,
  ) {}

  /** What stands in the way of using the keychain now, or null when it answers. */
  async problem(): Promise<KeychainProblem | null> {
    const keytar = await this.load();
    if (!keytar) return 'library-missing';
    try {
      await keytar.findCredentials(this.service);
      return null;
    } catch {
      return 'not-answering';
    }
  }

  async read(): Promise<ApiCredentials | null> {
    const stored = await this.readSecret(ACCOUNT);
    if (stored === null) return null;
    try {
      const parsed = JSON.parse(stored) as Partial<ApiCredentials>;
      if (typeof parsed.accessCode === 'string' && typeof parsed.secretKey === 'string') {
        return { accessCode: parsed.accessCode, secretKey: parsed.secretKey };
      }
    } catch {
      // An entry we cannot read is treated as absent; the manager enters the credentials again.
    }
    return null;
  }

  async write(credentials: ApiCredentials): Promise<void> {
    const value = JSON.stringify({ accessCode: credentials.accessCode, secretKey: credentials.secretKey });
    await this.writeSecret(ACCOUNT, value);
  }

  async clear(): Promise<void> {
    await this.clearSecret(ACCOUNT);
  }

  /** Another of the counter's secrets, kept under an account name of its own (the shop ledger's password). */
  async readSecret(account: string): Promise<string | null> {
    return this.guard((keytar) => keytar.getPassword(this.service, account));
  }

  async writeSecret(account: string, value: string): Promise<void> {
    await this.guard((keytar) => keytar.setPassword(this.service, account, value));
  }

  async clearSecret(account: string): Promise<void> {
    await this.guard((keytar) => keytar.deletePassword(this.service, account));
  }

  /** Loads keytar once; a library that cannot be loaded stays unavailable until the app restarts. */
  private load(): Promise<Keytar | null> {
    this.library ??= import('@github/keytar').then(
      (module) => (module as Keytar & { default?: Keytar }).default ?? module,
      (error: unknown) => {
        this.onLoadFailure(error);
        return null;
      },
    );
    return this.library;
  }

  private async guard<T>(operation: (keytar: Keytar) => Promise<T>): Promise<T> {
    const keytar = await this.load();
    if (!keytar) throw new PosFailure('KEYCHAIN_UNAVAILABLE', ADVICE['library-missing']);
    try {
      return await operation(keytar);
    } catch {
      // keytar's own message can name D-Bus internals; the cashier needs to know what to do instead.
      throw new PosFailure('KEYCHAIN_UNAVAILABLE', ADVICE['not-answering']);
    }
  }
}

/** What a cashier is told when credentials cannot be stored. */
export function keychainAdvice(problem: KeychainProblem): string {
  return ADVICE[problem];
}

/** What the renderer may see of an access code: its last four characters. */
export function maskAccessCode(accessCode: string): string {
  const visible = accessCode.length > 8 ? accessCode.slice(-4) : '';
  return `••••${visible}`;
}
