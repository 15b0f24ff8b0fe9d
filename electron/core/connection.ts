import { createResellerClient, type ResellerClient, type ResellerClientOptions } from './api';
import type { ApiCredentials } from './api/signing';
import { apiBaseUrlProblem } from './credentials/api-base-url';
import type { Keychain } from './credentials/keychain';
import type { Logger, Redactor } from './log';

/** Where the core sends its requests: the live API, or the training simulator. */
export interface Endpoint extends ApiCredentials {
  readonly baseUrl: string;
}

export interface Connection {
  readonly mode: 'training' | 'live';
  readonly endpoint: Endpoint;
  readonly client: ResellerClient;
  /** Where the credentials came from: the keychain, the environment (forced), or the simulator. */
  readonly source: 'keychain' | 'environment' | 'training';
}

export interface ConnectionOptions {
  readonly trainingEndpoint: () => Promise<Endpoint>;
  readonly liveEndpoint?: Endpoint;
  readonly keychain: Keychain;
  readonly liveBaseUrl: () => string | null;
  readonly log: Logger;
  readonly redactor: Redactor;
  /** The key's rate limits when not the API's typical ones (benchmarks against a raised simulator). */
  readonly rateLimits?: ResellerClientOptions['rateLimits'];
  /** Told when the connection's state (online, degraded, offline) changes with a real call. */
  readonly onConnectionChange?: () => void;
  /** The core's clock: the client signs, limits, measures the provider's clock and gives up by it. */
  readonly now?: () => Date;
}

export function clientFor(
  endpoint: Endpoint,
  log: Logger,
  options: Pick<ConnectionOptions, 'rateLimits' | 'onConnectionChange' | 'now'> = {},
): ResellerClient {
  return createResellerClient({
    baseUrl: endpoint.baseUrl,
    credentials: () => ({ accessCode: endpoint.accessCode, secretKey: endpoint.secretKey }),
    log,
    ...(options.now ? { now: options.now } : {}),
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
    ...(options.onConnectionChange ? { onConnectionChange: options.onConnectionChange } : {}),
  });
}

/**
 * Chooses and holds the connection. Credentials forced from the environment win; then credentials
 * in the keychain with the configured base URL (https, or loopback); otherwise training. A keychain that cannot be read
 * means training, never a plaintext fallback.
 */
export class Connections {
  private active: Connection | null = null;

  constructor(private readonly options: ConnectionOptions) {}

  get current(): Connection {
    if (!this.active) throw new Error('the connection is used before start()');
    return this.active;
  }

  async start(): Promise<Connection> {
    const forced = this.options.liveEndpoint;
    if (forced) return this.connectTo('live', forced, 'environment');
    const baseUrl = this.usableBaseUrl(this.options.liveBaseUrl());
    const stored = baseUrl ? await this.options.keychain.read().catch(() => null) : null;
    if (stored && baseUrl) return this.connectTo('live', { ...stored, baseUrl }, 'keychain');
    return this.switchToTraining();
  }

  switchToLive(endpoint: Endpoint): Connection {
    return this.connectTo('live', endpoint, 'keychain');
  }

  async switchToTraining(): Promise<Connection> {
    return this.connectTo('training', await this.options.trainingEndpoint(), 'training');
  }

  /** A configured address saved before live addresses had to be https is not signed towards. */
  private usableBaseUrl(baseUrl: string | null): string | null {
    const problem = baseUrl === null ? null : apiBaseUrlProblem(baseUrl);
    if (problem === null) return baseUrl;
    this.options.log.warn('configured API address refused; training until it is corrected', { problem });
    return null;
  }

  private connectTo(mode: Connection['mode'], endpoint: Endpoint, source: Connection['source']): Connection {
    this.options.redactor.add(endpoint.secretKey);
    this.active = {
      mode,
      endpoint,
      source,
      client: clientFor(endpoint, this.options.log, this.options),
    };
    this.options.log.info('connection', { mode, source, baseUrl: endpoint.baseUrl });
    return this.active;
  }
}
