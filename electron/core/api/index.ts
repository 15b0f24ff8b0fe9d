/** The core's client of the reseller API: what the rest of the core may use. */
export { ApiFailure, type ApiFailureKind, type ApiOutcome } from './api-failure';
export {
  type CallOptions,
  type ClientStatus,
  createResellerClient,
  type EsimRef,
  type OrderInput,
  type ResellerClient,
  type ResellerClientOptions,
  type SendOptions,
  type TopUpInput,
  type UsageTarget,
} from './client';
export { type RecoveredEsim, recoverEsims } from './esim-recovery';
export type {
  CancelResult,
  DataUse,
  EsimPage,
  EsimRecord,
  EsimUsage,
  LiveStatus,
  NetworkEvents,
  SuspendResult,
  UsageReport,
  Validity,
  WebhookConfig,
  WebhookRegistration,
} from './esim-results';
export type {
  OrderCompleted,
  OrderOutcome,
  OrderPending,
  OrderReplay,
  OrderStatus,
  ProviderOrderPage,
} from './order-results';
export type { Balance, CachedPackage, PackageFacts, PackagePage } from './package-results';
export type { PageInfo } from './pages';
export type { ProviderAnswer } from './provider-answer';
export type { Lane, RateWindow } from './rate-limiter';
export type { ApiLog } from './request-runner';
export type { ApiCredentials } from './signing';
export type { TopUpCompleted, TopUpPackage, TopUpPackagePage } from './topup-results';
