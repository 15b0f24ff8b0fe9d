import {
  type PackageListQuery,
  PackageListQuerySchema,
  TopUpPackageListQuerySchema,
} from '../../../shared/api/catalogue';
import { DEFAULT_PAGE_LIMITS } from '../../../shared/api/common';
import {
  type EsimListQuery,
  EsimListQuerySchema,
  SMS_MESSAGE_MAX,
  UsageQuerySchema,
  UsageReportRequestSchema,
} from '../../../shared/api/esims';
import {
  type OrderListQuery,
  OrderListQuerySchema,
  OrderRequestSchema,
  TopUpRequestSchema,
} from '../../../shared/api/orders';
import { type WebhookPutRequest, WebhookPutRequestSchema } from '../../../shared/api/webhooks';
import { type Currency, type Money, toApiAmount } from '../../../shared/money';
import { PosFailure } from '../pos/failure';
import {
  type CancelResult,
  type EsimPage,
  type EsimUsage,
  type LiveStatus,
  type NetworkEvents,
  parseCancelResult,
  parseEsimPage,
  parseLiveStatus,
  parseNetworkEvents,
  parseSmsResult,
  parseSuspendResult,
  parseUsage,
  parseUsageReport,
  parseWebhookConfig,
  parseWebhookRegistration,
  type SuspendResult,
  type UsageReport,
  type WebhookConfig,
  type WebhookRegistration,
} from './esim-results';
import {
  type OrderOutcome,
  type OrderStatus,
  type ProviderOrderPage,
  parseOrderPage,
  parseOrderResult,
  parseOrderStatus,
} from './order-results';
import { type Balance, type PackagePage, parseBalance, parsePackagePage } from './package-results';
import type { PageQuery, PageRead } from './pages';
import type { AccountCurrency } from './parse';
import { type Lane, RateLimiter, type RateWindow, realTimekeeper, timekeeperOf } from './rate-limiter';
import {
  type ApiLog,
  type ConnectionState,
  invalidInput,
  RequestRunner,
  type ResendRule,
} from './request-runner';
import type { ApiCredentials } from './signing';
import {
  parseTopUpPackagePage,
  parseTopUpResult,
  type TopUpCompleted,
  type TopUpPackagePage,
} from './topup-results';

export interface ResellerClientOptions {
  /** Ends in /api/v1/business. */
  readonly baseUrl: string;
  /** Called for every request; the secret key stays in the core's memory and is never stored by the client. */
  readonly credentials: () => ApiCredentials;
  readonly timeouts?: {
    /** GET requests. Default 10 s. */
    readonly readMs?: number;
    /** POST and PUT (orders, top-ups), which the provider may take a while to process. Default 30 s. */
    readonly writeMs?: number;
  };
  /** The local clock, the core's one clock type (tests inject one). */
  readonly now?: () => Date;
  readonly log?: ApiLog;
  /** Told when the connection state changes, from the calls this client makes. */
  readonly onConnectionChange?: (state: ConnectionState) => void;
  readonly rateLimits?: {
    /** The key's windows; default 100/minute, 1,000/hour, 10,000/day. */
    readonly windows?: readonly RateWindow[];
    /** Spacing of background requests; default 1 s. */
    readonly bulkIntervalMs?: number;
    /** How long a call in each lane may wait for the limiter before failing with RATE_LIMIT_EXCEEDED. */
    readonly maxWaitMs?: Partial<Readonly<Record<Lane, number>>>;
  };
}

export interface CallOptions {
  readonly lane?: Lane;
}

export interface SendOptions extends CallOptions {
  /** Called just before each send, with the attempt number and its RT-RequestID (e.g. to journal "sent"). */
  readonly onSend?: (attempt: number, requestId: string) => void;
}

export interface OrderInput {
  /** Sent verbatim. */
  readonly packageCode: string;
  /**
   * What one eSIM of the package is expected to cost (the catalogue's cost), sent as the API's `price`:
   * if the provider's price has changed it refuses with PRICE_MISMATCH (nothing charged) instead of
   * charging the new price. The API compares it with the package's price, per eSIM whatever the quantity.
   */
  readonly expectedCost: Money;
  /** 1 to 10; default 1. */
  readonly quantity?: number;
  /** Required: an order is never sent without one (1 to 200 characters), and a re-send reuses it. */
  readonly idempotencyKey: string;
  readonly recurring?: boolean;
}

export interface TopUpInput {
  readonly iccid: string;
  /** A code from GET /topup/packages for this eSIM, sent verbatim. */
  readonly packageCode: string;
  readonly quantity?: number;
}

/** An eSIM named by ICCID or by the provider's eSIM id (the ICCID wins when the API gets both). */
export type EsimRef = { readonly iccid: string } | { readonly esimId: number };

/** Usage of one eSIM (by ICCID) or of one order's eSIMs (by order reference), optionally over dates. */
export type UsageTarget = ({ readonly iccid: string } | { readonly orderReference: string }) & {
  /** YYYY-MM-DD. */
  readonly from?: string;
  readonly to?: string;
};

export interface ClientStatus {
  /** How the last real call to the provider went (see ConnectionState). */
  readonly connection: ConnectionState;
  /** Server clock minus ours, from the Date headers; null until the first answer. */
  readonly clockSkewMs: number | null;
  /** The account currency, as last read from the provider. */
  readonly currency: Currency | null;
  /** The server's last X-RateLimit-* figures. */
  readonly rateLimit: {
    readonly limit: number | null;
    readonly remaining: number;
    readonly resetAt: string;
  } | null;
  /** Set while every request is held after a RATE_LIMIT_EXCEEDED. */
  readonly heldUntil: string | null;
}

/** A typed, validated method for every endpoint of the reseller API. */
export interface ResellerClient {
  getBalance(options?: CallOptions): Promise<Balance>;
  /** One page of the catalogue. */
  listPackages(query?: PackageListQuery, options?: CallOptions): Promise<PackagePage>;
  /**
   * Places an order. A timeout, a 5xx or a dropped connection is followed by exactly one re-send
   * with the same idempotency key and a new RT-RequestID; if that fails too, the ApiFailure says
   * whether the order may have been performed (`outcome`).
   */
  createOrder(input: OrderInput, options?: SendOptions): Promise<OrderOutcome>;
  getOrder(orderReference: string, options?: CallOptions): Promise<OrderStatus>;
  listTopUpPackages(
    query: { readonly iccid: string; readonly page?: number; readonly limit?: number },
    options?: CallOptions,
  ): Promise<TopUpPackagePage>;
  /** Sends a top-up exactly once: the API has no idempotency key for top-ups, so nothing is ever re-sent. */
  topUp(input: TopUpInput, options?: SendOptions): Promise<TopUpCompleted>;
  listEsims(query?: EsimListQuery, options?: CallOptions): Promise<EsimPage>;
  getUsage(target: UsageTarget, options?: CallOptions): Promise<EsimUsage>;
  getLiveStatus(esim: EsimRef, options?: CallOptions): Promise<LiveStatus>;
  getNetworkEvents(esim: EsimRef, options?: CallOptions): Promise<NetworkEvents>;
  /** Usage over the last `days` (1 to 90, default 7). */
  getUsageReport(esim: EsimRef, days?: number, options?: CallOptions): Promise<UsageReport>;
  setEsimSuspended(
    esim: EsimRef,
    action: 'suspend' | 'activate',
    options?: SendOptions,
  ): Promise<SuspendResult>;
  /** Cancels the whole order the eSIM belongs to (only before activation). */
  cancelEsim(esim: EsimRef, options?: SendOptions): Promise<CancelResult>;
  sendSms(
    esim: EsimRef,
    message: string,
    options?: SendOptions,
  ): Promise<{ readonly message: string | null }>;
  getWebhook(options?: CallOptions): Promise<WebhookConfig>;
  /** The answer's secret is returned once; the answer's text is not kept. */
  setWebhook(input: WebhookPutRequest, options?: SendOptions): Promise<WebhookRegistration>;
  listOrders(query?: OrderListQuery, options?: CallOptions): Promise<ProviderOrderPage>;
  status(): ClientStatus;
}

const DEFAULT_READ_TIMEOUT_MS = 10_000;
const DEFAULT_WRITE_TIMEOUT_MS = 30_000;
/** A cashier waits a little for the limiter; background work waits for a whole window. */
const DEFAULT_MAX_WAIT_MS: Readonly<Record<Lane, number>> = {
  sale: 15_000,
  interactive: 15_000,
  background: 10 * 60_000,
};

/** The API lets a key be left out; this client never does, whatever a caller's types allowed. */
const KeyedOrderSchema = OrderRequestSchema.required({ idempotency_key: true });

const silentLog: ApiLog = { info: () => {}, warn: () => {} };

export function createResellerClient(options: ResellerClientOptions): ResellerClient {
  const clock = options.now;
  // The limiter and the request runner count in epoch milliseconds, read from the one clock, and
  // their waits and deadlines run on it too.
  const time = clock ? timekeeperOf(() => clock().getTime()) : realTimekeeper;
  const limiter = new RateLimiter({
    time,
    ...(options.rateLimits?.windows ? { windows: options.rateLimits.windows } : {}),
    ...(options.rateLimits?.bulkIntervalMs === undefined
      ? {}
      : { bulkIntervalMs: options.rateLimits.bulkIntervalMs }),
  });
  const log = options.log ?? silentLog;
  const runner = new RequestRunner({
    baseUrl: options.baseUrl,
    credentials: options.credentials,
    readTimeoutMs: options.timeouts?.readMs ?? DEFAULT_READ_TIMEOUT_MS,
    writeTimeoutMs: options.timeouts?.writeMs ?? DEFAULT_WRITE_TIMEOUT_MS,
    time,
    limiter,
    maxWaitMs: { ...DEFAULT_MAX_WAIT_MS, ...options.rateLimits?.maxWaitMs },
    log,
    fetchCurrency: (lane) => getBalance({ lane }).then((balance) => balance.balance.currency),
    ...(options.onConnectionChange ? { onConnectionChange: options.onConnectionChange } : {}),
  });
  const currencyIn = (lane: Lane) => () => runner.currencyFor(lane);

  async function getBalance(callOptions?: CallOptions): Promise<Balance> {
    const { value, raw } = await runner.call({
      method: 'GET',
      path: '/balance',
      lane: callOptions?.lane ?? 'interactive',
      resend: 'read',
      currencySource: true,
      parse: (json) => parseBalance(json, runner.accountCurrency()),
    });
    runner.learnCurrency(value.balance.currency);
    return { ...value, raw };
  }

  /** A read: GET with a validated query, re-sent as reads may be. */
  async function read<R>(
    path: string,
    query: Readonly<Record<string, string | number | boolean | undefined>>,
    parse: (json: unknown) => R | Promise<R>,
    callOptions: CallOptions | undefined,
    notFoundCode?: 'ORDER_NOT_FOUND' | 'ESIM_NOT_FOUND',
  ): Promise<R & { readonly raw: string }> {
    const { value, raw } = await runner.call({
      method: 'GET',
      path,
      query,
      lane: callOptions?.lane ?? 'interactive',
      resend: 'read',
      parse,
      ...(notFoundCode ? { notFoundCode } : {}),
    });
    return { ...value, raw };
  }

  /**
   * One page of a list: the items that could be read, the others skipped, counted on the page and
   * logged (never failing the page).
   */
  async function readPage<R>(
    path: string,
    query: Readonly<
      { page?: number; limit?: number } & Record<string, string | number | boolean | undefined>
    >,
    defaultLimit: number,
    parse: (json: unknown, asked: PageQuery, accountCurrency: AccountCurrency) => Promise<PageRead<R>>,
    callOptions: CallOptions | undefined,
  ): Promise<R & { readonly raw: string }> {
    const asked = { page: query.page ?? 1, limit: query.limit ?? defaultLimit };
    const accountCurrency = currencyIn(callOptions?.lane ?? 'interactive');
    const { page, problems, raw } = await read(
      path,
      query,
      (json) => parse(json, asked, accountCurrency),
      callOptions,
    );
    if (problems.length > 0) {
      log.warn('api list items skipped', {
        path,
        skipped: problems.length,
        problems: problems.slice(0, 5).map((problem) => problem.message),
      });
    }
    return { ...page, raw };
  }

  /** A POST about one eSIM; reads (status, events, report) may be re-sent, actions only after a certain refusal. */
  async function aboutEsim<R>(
    path: string,
    esim: EsimRef,
    extra: Readonly<Record<string, unknown>>,
    resend: ResendRule,
    parse: (json: unknown) => R | Promise<R>,
    callOptions: SendOptions | undefined,
  ): Promise<R & { readonly raw: string }> {
    const { value, raw } = await runner.call({
      method: 'POST',
      path,
      body: { ...esimBody(esim), ...extra },
      lane: callOptions?.lane ?? 'interactive',
      resend,
      parse,
      ...(callOptions?.onSend ? { onSend: callOptions.onSend } : {}),
    });
    return { ...value, raw };
  }

  return {
    getBalance,

    async listPackages(query = {}, callOptions) {
      const checked = PackageListQuerySchema.safeParse(query);
      if (!checked.success) throw invalidInput('package query', checked.error);
      const page = await readPage(
        '/esims/packages',
        checked.data,
        DEFAULT_PAGE_LIMITS.packages,
        parsePackagePage,
        callOptions,
      );
      const first = page.packages[0];
      if (first) runner.learnCurrency(first.cost.currency);
      return page;
    },

    async createOrder(input, callOptions) {
      const body = {
        packageCode: input.packageCode,
        quantity: input.quantity ?? 1,
        idempotency_key: input.idempotencyKey,
        price: toApiAmount(input.expectedCost.amount, input.expectedCost.currency),
        ...(input.recurring ? { recurring: true } : {}),
      };
      const checked = KeyedOrderSchema.safeParse(body);
      if (!checked.success) throw invalidInput('order', checked.error);
      const lane = callOptions?.lane ?? 'sale';
      const { value, raw, attempts, answers } = await runner.call({
        method: 'POST',
        path: '/esims/order',
        body,
        lane,
        resend: 'order',
        parse: (json) => parseOrderResult(json, currencyIn(lane)),
        ...(callOptions?.onSend ? { onSend: callOptions.onSend } : {}),
      });
      if (value.cost) runner.learnCurrency(value.cost.currency);
      return { ...value, raw, attempts, answers };
    },

    async getOrder(orderReference, callOptions) {
      if (orderReference.length === 0) {
        throw new PosFailure('INVALID_INPUT', 'Invalid order lookup: no order reference');
      }
      const lane = callOptions?.lane ?? 'interactive';
      return read(
        '/esims/order',
        { orderReference },
        (json) => parseOrderStatus(json, orderReference, currencyIn(lane)),
        callOptions,
        'ORDER_NOT_FOUND',
      );
    },

    async listTopUpPackages(query, callOptions) {
      const checked = TopUpPackageListQuerySchema.safeParse(query);
      if (!checked.success) throw invalidInput('top-up package query', checked.error);
      return readPage(
        '/topup/packages',
        checked.data,
        DEFAULT_PAGE_LIMITS.topupPackages,
        parseTopUpPackagePage,
        callOptions,
      );
    },

    async topUp(input, callOptions) {
      const body = {
        iccid: input.iccid,
        packageCode: input.packageCode,
        ...(input.quantity === undefined ? {} : { quantity: input.quantity }),
      };
      const checked = TopUpRequestSchema.safeParse(body);
      if (!checked.success) throw invalidInput('top-up', checked.error);
      const lane = callOptions?.lane ?? 'sale';
      const { value, raw, answers } = await runner.call({
        method: 'POST',
        path: '/topup/order',
        body,
        lane,
        resend: 'never',
        parse: (json) => parseTopUpResult(json, currencyIn(lane)),
        ...(callOptions?.onSend ? { onSend: callOptions.onSend } : {}),
      });
      if (value.cost) runner.learnCurrency(value.cost.currency);
      return { ...value, raw, answers };
    },

    async listEsims(query = {}, callOptions) {
      const checked = EsimListQuerySchema.safeParse(query);
      if (!checked.success) throw invalidInput('eSIM query', checked.error);
      return readPage('/esims', checked.data, DEFAULT_PAGE_LIMITS.esims, parseEsimPage, callOptions);
    },

    async getUsage(target, callOptions) {
      const query = {
        ...('iccid' in target ? { iccid: target.iccid } : { order_id: target.orderReference }),
        ...(target.from === undefined ? {} : { from_date: target.from }),
        ...(target.to === undefined ? {} : { to_date: target.to }),
      };
      const checked = UsageQuerySchema.safeParse(query);
      if (!checked.success) throw invalidInput('usage query', checked.error);
      return read('/esims/usage/query', checked.data, parseUsage, callOptions, 'ESIM_NOT_FOUND');
    },

    getLiveStatus(esim, callOptions) {
      return aboutEsim('/esims/status', esim, {}, 'read', parseLiveStatus, callOptions);
    },

    getNetworkEvents(esim, callOptions) {
      return aboutEsim('/esims/network-events', esim, {}, 'read', parseNetworkEvents, callOptions);
    },

    async getUsageReport(esim, days, callOptions) {
      const checked = UsageReportRequestSchema.safeParse({ ...esimBody(esim), days });
      if (!checked.success) throw invalidInput('usage report', checked.error);
      return aboutEsim(
        '/esims/usage-report',
        esim,
        days === undefined ? {} : { days },
        'read',
        parseUsageReport,
        callOptions,
      );
    },

    setEsimSuspended(esim, action, callOptions) {
      return aboutEsim('/esims/suspend', esim, { action }, 'once', parseSuspendResult, callOptions);
    },

    cancelEsim(esim, callOptions) {
      const currency = currencyIn(callOptions?.lane ?? 'interactive');
      return aboutEsim(
        '/esims/cancel',
        esim,
        {},
        'once',
        (json) => parseCancelResult(json, currency),
        callOptions,
      );
    },

    async sendSms(esim, message, callOptions) {
      if (message.length === 0 || message.length > SMS_MESSAGE_MAX) {
        throw new PosFailure(
          'INVALID_INPUT',
          `Invalid SMS: the message must be 1 to ${SMS_MESSAGE_MAX} characters`,
        );
      }
      return aboutEsim('/esims/send-sms', esim, { message }, 'once', parseSmsResult, callOptions);
    },

    getWebhook(callOptions) {
      return read('/webhooks', {}, parseWebhookConfig, callOptions);
    },

    async setWebhook(input, callOptions) {
      const checked = WebhookPutRequestSchema.safeParse(input);
      if (!checked.success) throw invalidInput('webhook', checked.error);
      const { value } = await runner.call({
        method: 'PUT',
        path: '/webhooks',
        body: checked.data,
        lane: callOptions?.lane ?? 'interactive',
        resend: 'once',
        secretBearing: true,
        parse: parseWebhookRegistration,
        ...(callOptions?.onSend ? { onSend: callOptions.onSend } : {}),
      });
      return value;
    },

    async listOrders(query = {}, callOptions) {
      const checked = OrderListQuerySchema.safeParse(query);
      if (!checked.success) throw invalidInput('order query', checked.error);
      return readPage('/orders', checked.data, DEFAULT_PAGE_LIMITS.orders, parseOrderPage, callOptions);
    },

    status() {
      const budget = limiter.serverBudget();
      const held = limiter.heldUntil();
      return {
        connection: runner.connectionState(),
        clockSkewMs: runner.clock.skewMs(),
        currency: runner.accountCurrency(),
        rateLimit: budget
          ? {
              limit: budget.limit,
              remaining: budget.remaining,
              resetAt: new Date(budget.resetAt).toISOString(),
            }
          : null,
        heldUntil: held === null ? null : new Date(held).toISOString(),
      };
    },
  };
}

function esimBody(esim: EsimRef): { iccid: string } | { esimId: number } {
  return 'iccid' in esim ? { iccid: esim.iccid } : { esimId: esim.esimId };
}
