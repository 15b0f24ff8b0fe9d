/** The core's client of the reseller API: what the rest of the core may use. */
export { ApiFailure, type ApiFailureKind, type ApiOutcome } from './api-failure';
export {
  type ApiLog,
  type CallOptions,
  type ClientStatus,
  createResellerClient,
  type Lane,
  type OrderCallOptions,
  type OrderInput,
  type ResellerClient,
  type ResellerClientOptions,
} from './client';
export type {
  OrderCompleted,
  OrderOutcome,
  OrderPending,
  OrderReplay,
  OrderStatus,
} from './order-results';
export type { Balance, CachedPackage, PackagePage } from './package-results';
export type { ApiCredentials } from './signing';
