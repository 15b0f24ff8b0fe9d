import keytar from '@github/keytar';
import type { ApiCredentials } from '../api/signing';
import { PosFailure } from '../pos/failure';

export const KEYCHAIN_SERVICE = 'esim-counter';
const ACCOUNT = 'reseller-api';

const UNAVAILABLE =
  'No OS keychain is available, so API credentials cannot be stored safely. On Linux install and unlock a Secret Service (GNOME Keyring or KWallet). The counter keeps working in training mode.';

/**
 * Credentials in the OS keychain (macOS Keychain, Windows Credential Manager, the Secret Service on
 * Linux) through @github/keytar. There is deliberately no fallback: without a keychain nothing is
 * stored, and the caller gets KEYCHAIN_UNAVAILABLE.
 */
export class Keychain {
  constructor(private readonly service: string = KEYCHAIN_SERVICE) {}

  /** Whether a keychain answers at all (a Secret Service may be missing or refuse to start). */
  async available(): Promise<boolean> {
    try {
      await keytar.findCredentials(this.service);
      return true;
    } catch {
      return false;
    }
  }

  async read(): Promise<ApiCredentials | null> {
    const stored = await this.guard(() => keytar.getPassword(this.service, ACCOUNT));
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
    await this.guard(() => keytar.setPassword(this.service, ACCOUNT, value));
  }

  async clear(): Promise<void> {
    await this.guard(() => keytar.deletePassword(this.service, ACCOUNT));
  }

  private async guard<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch {
      // keytar's own message can name D-Bus internals; the cashier needs to know what to do instead.
      throw new PosFailure('KEYCHAIN_UNAVAILABLE', UNAVAILABLE);
    }
  }
}

/** What the renderer may see of an access code: its last four characters. */
export function maskAccessCode(accessCode: string): string {
  const visible = accessCode.length > 8 ? accessCode.slice(-4) : '';
  return `••••${visible}`;
}
