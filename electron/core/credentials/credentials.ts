import type { BalanceView } from '../../../shared/domain/balance';
import type { KeychainProblem, Status } from '../../../shared/domain/status';
import type { Currency } from '../../../shared/money';
import { clientFor, type Endpoint } from '../connection';
import type { CoreContext, HandlerGroup } from '../context';
import { balanceViewOf } from '../money/balance';
import { PosFailure } from '../pos/failure';
import { requireSafeApiBaseUrl } from './api-base-url';
import { keychainAdvice, maskAccessCode } from './keychain';

export interface ConnectionTest {
  readonly balance: BalanceView;
  readonly currency: Currency;
  readonly clockSkewMs: number | null;
  readonly latencyMs: number;
  /** The API base URL that answered: exactly the one tested. */
  readonly server: string;
}

/** What the core knows of the stored credentials, for getStatus: never more than a masked access code. */
export class CredentialState {
  private keychainProblem: KeychainProblem | null = 'not-answering';
  private accessCode: string | null = null;

  async load(ctx: CoreContext): Promise<void> {
    this.keychainProblem = await ctx.keychain.problem();
    this.accessCode =
      this.keychainProblem === null
        ? ((await ctx.keychain.read().catch(() => null))?.accessCode ?? null)
        : null;
  }

  stored(accessCode: string | null): void {
    this.accessCode = accessCode;
    if (accessCode !== null) this.keychainProblem = null;
  }

  unavailable(problem: KeychainProblem): void {
    this.keychainProblem = problem;
  }

  view(): Pick<Status, 'credentials' | 'keychain' | 'keychainProblem'> {
    return {
      credentials: {
        stored: this.accessCode !== null,
        maskedAccessCode: this.accessCode === null ? null : maskAccessCode(this.accessCode),
      },
      keychain: this.keychainProblem === null ? 'available' : 'unavailable',
      keychainProblem: this.keychainProblem,
    };
  }
}

/** Calls GET /balance with the given credentials, on a client of its own: nothing is stored. */
export async function testEndpoint(ctx: CoreContext, endpoint: Endpoint): Promise<ConnectionTest> {
  ctx.redactor.add(endpoint.secretKey);
  const started = performance.now();
  const client = clientFor(endpoint, ctx.log, { now: ctx.now });
  const fresh = await client.getBalance({ lane: 'interactive' });
  return {
    balance: balanceViewOf(fresh, ctx.now(), false),
    currency: fresh.balance.currency,
    clockSkewMs: client.status().clockSkewMs,
    latencyMs: Math.round(performance.now() - started),
    server: endpoint.baseUrl,
  };
}

/**
 * Setting, clearing and testing the API credentials. They are tested against the provider before
 * they are kept, so a typo is caught at the settings screen rather than at the first sale; they are
 * kept in the OS keychain only.
 */
export function credentialHandlers(
  ctx: CoreContext,
  state: CredentialState,
  switched: () => Promise<Status>,
): HandlerGroup<'setCredentials' | 'clearCredentials' | 'testConnection'> {
  return {
    setCredentials: async ({ pin, accessCode, secretKey, apiBaseUrl }) => {
      ctx.requireManager(pin);
      const baseUrl = apiBaseUrl ?? ctx.settings.getSettings().apiBaseUrl;
      if (!baseUrl) {
        const message = 'Enter the API base URL the provider gave (it ends in /api/v1/business).';
        throw new PosFailure('INVALID_INPUT', message, { issues: [{ path: 'apiBaseUrl', message }] });
      }
      requireSafeApiBaseUrl(baseUrl, 'apiBaseUrl');
      const problem = await ctx.keychain.problem();
      if (problem !== null) {
        state.unavailable(problem);
        throw new PosFailure('KEYCHAIN_UNAVAILABLE', keychainAdvice(problem), { keychainProblem: problem });
      }
      await testEndpoint(ctx, { baseUrl, accessCode, secretKey });
      await ctx.keychain.write({ accessCode, secretKey });
      state.stored(accessCode);
      ctx.settings.updateSettings({ apiBaseUrl: baseUrl });
      ctx.settings.audit(ctx.now().toISOString(), 'credentials.set', null, {
        baseUrl,
        accessCode: maskAccessCode(accessCode),
      });
      ctx.connections.switchToLive({ baseUrl, accessCode, secretKey });
      return switched();
    },
    clearCredentials: async ({ pin }) => {
      ctx.requireManager(pin);
      await ctx.keychain.clear();
      state.stored(null);
      ctx.settings.audit(ctx.now().toISOString(), 'credentials.cleared', null, null);
      await ctx.connections.switchToTraining();
      return switched();
    },
    testConnection: async ({ pin, accessCode, secretKey, apiBaseUrl }) => {
      if ((accessCode === undefined) !== (secretKey === undefined)) {
        throw new PosFailure(
          'INVALID_INPUT',
          'Give both the access code and the secret key to test new credentials.',
        );
      }
      if (accessCode !== undefined && secretKey !== undefined) {
        // Credentials given with the call are the caller's own: they may be tried wherever the caller says.
        const baseUrl =
          apiBaseUrl ?? ctx.settings.getSettings().apiBaseUrl ?? ctx.connections.current.endpoint.baseUrl;
        return testEndpoint(ctx, {
          baseUrl: requireSafeApiBaseUrl(baseUrl, 'apiBaseUrl'),
          accessCode,
          secretKey,
        });
      }
      // The counter's own credentials sign only towards the address they are configured for: a
      // signature sent anywhere else could be replayed against the provider within its time window.
      if (apiBaseUrl !== undefined) {
        const message =
          'The stored credentials are tested only against the configured API address. To try another address, enter the credentials with it.';
        throw new PosFailure('INVALID_INPUT', message, { issues: [{ path: 'apiBaseUrl', message }] });
      }
      if (pin === undefined)
        throw new PosFailure('PIN_REQUIRED', 'Enter the manager PIN to test the stored credentials.');
      ctx.requireManager(pin);
      return testEndpoint(ctx, ctx.connections.current.endpoint);
    },
  };
}
