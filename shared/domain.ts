import { z } from 'zod';
import { PackageTypeSchema } from './api/common';
import { ErrorCodeSchema, PosErrorSchema } from './errors';
import { CurrencySchema, MinorUnitsSchema, MoneySchema } from './money-schema';

/**
 * The app's own view of its records, as they cross the bridge to the renderer. Amounts are Money
 * (integer minor units with their currency); times are ISO 8601 strings; data is in MB or GB as a
 * cashier reads it. No secret ever appears in these shapes.
 */

export const IsoTimeSchema = z.string();
export const LanguageSchema = z.enum(['en', 'ar']);
export type Language = z.infer<typeof LanguageSchema>;

/** A catalogue package as the counter shows it: the provider's cost and the shop's retail price. */
export const CataloguePackageSchema = z.object({
  code: z.string(),
  name: z.string(),
  region: z.string(),
  type: PackageTypeSchema,
  /** Null for unlimited plans. */
  dataGb: z.number().nullable(),
  isUnlimited: z.boolean(),
  validityDays: z.number().int(),
  cost: MoneySchema,
  retail: MoneySchema,
  /** ISO 3166-1 alpha-2 codes, upper case. */
  countries: z.array(z.string()),
  hasVoice: z.boolean(),
  hasSms: z.boolean(),
  voiceMinutes: z.number().nullable(),
  smsCount: z.number().nullable(),
  has5g: z.boolean().nullable(),
  hasHotspot: z.boolean().nullable(),
  isRechargeable: z.boolean(),
  isRecurring: z.boolean(),
  activationPolicy: z.enum(['immediate', 'first_use']).nullable(),
  networks: z.array(z.object({ country: z.string(), operator: z.string(), networkType: z.string() })),
});
export type CataloguePackage = z.infer<typeof CataloguePackageSchema>;

export const BalanceViewSchema = z.object({
  balance: MoneySchema,
  /** Present for enterprise accounts only. */
  enterprise: z.object({ account: z.string(), live: z.boolean(), asOf: IsoTimeSchema }).nullable(),
  updatedAt: IsoTimeSchema,
  low: z.boolean(),
});
export type BalanceView = z.infer<typeof BalanceViewSchema>;

/** One eSIM handed over in a sale, with everything the customer needs to install it. */
export const SaleEsimSchema = z.object({
  iccid: z.string(),
  lpa: z.string(),
  smdpAddress: z.string(),
  activationCode: z.string(),
  appleInstallUrl: z.string().nullable(),
  androidInstallUrl: z.string().nullable(),
  status: z.string().nullable(),
  totalVolumeBytes: z.number().nullable(),
  validityDays: z.number().nullable(),
  expiresAt: IsoTimeSchema.nullable(),
});
export type SaleEsim = z.infer<typeof SaleEsimSchema>;

const SaleBaseSchema = z.object({
  id: z.string(),
  receiptNumber: z.number().int(),
  counterId: z.string(),
  cashierId: z.string().nullable(),
  shiftId: z.string().nullable(),
  createdAt: IsoTimeSchema,
  updatedAt: IsoTimeSchema,
  training: z.boolean(),
  packageCode: z.string(),
  packageName: z.string(),
  quantity: z.number().int().min(1).max(10),
  idempotencyKey: z.string(),
  /** The shop's selling price, per eSIM and in all, fixed when the sale was confirmed. */
  retailUnit: MoneySchema,
  retailTotal: MoneySchema,
  /** Send attempts made so far (the API allows one retry with the same key). */
  attempts: z.number().int(),
});

/** The sale state machine: intent → sent → completed | pending → completed | support; sent → failed | in_doubt. */
export const SaleSchema = z.discriminatedUnion('state', [
  /** Written before anything is sent: the idempotency key exists, nothing has left the counter. */
  SaleBaseSchema.extend({ state: z.literal('intent') }),
  /** The order is on the wire; the answer has not been recorded yet. */
  SaleBaseSchema.extend({ state: z.literal('sent'), sentAt: IsoTimeSchema }),
  /** No answer (timeout, dropped connection, 5xx after the retry): resolved by re-sending with the same key. */
  SaleBaseSchema.extend({ state: z.literal('in_doubt'), since: IsoTimeSchema, lastError: PosErrorSchema }),
  /** The provider accepted and charged; provisioning is asynchronous and is polled. */
  SaleBaseSchema.extend({
    state: z.literal('pending'),
    orderReference: z.string(),
    cost: MoneySchema.nullable(),
    pendingSince: IsoTimeSchema,
    nextCheckAt: IsoTimeSchema,
    giveUpAt: IsoTimeSchema,
  }),
  /** Paid and provisioned: the eSIMs can be handed over. */
  SaleBaseSchema.extend({
    state: z.literal('completed'),
    orderReference: z.string(),
    cost: MoneySchema,
    margin: MoneySchema,
    newBalance: MoneySchema.nullable(),
    esims: z.array(SaleEsimSchema).min(1),
    completedAt: IsoTimeSchema,
  }),
  /** Pending for longer than the provider's guidance (10 minutes): handed to provider support, never re-ordered. */
  SaleBaseSchema.extend({
    state: z.literal('support'),
    orderReference: z.string(),
    cost: MoneySchema.nullable(),
    since: IsoTimeSchema,
  }),
  /** A definite error from the provider: nothing was charged. */
  SaleBaseSchema.extend({ state: z.literal('failed'), error: PosErrorSchema, failedAt: IsoTimeSchema }),
]);
export type Sale = z.infer<typeof SaleSchema>;
export type SaleState = Sale['state'];
export const SALE_STATES = [
  'intent',
  'sent',
  'in_doubt',
  'pending',
  'completed',
  'support',
  'failed',
] as const;
export const SaleStateSchema = z.enum(SALE_STATES);

/** What a top-up looked like on the eSIM before it was sent: the evidence for resolving an in-doubt top-up. */
export const EsimSnapshotSchema = z.object({
  totalMb: z.number().nullable(),
  remainingMb: z.number().nullable(),
  expiresAt: IsoTimeSchema.nullable(),
  status: z.string().nullable(),
  takenAt: IsoTimeSchema,
});
export type EsimSnapshot = z.infer<typeof EsimSnapshotSchema>;

const TopUpBaseSchema = z.object({
  id: z.string(),
  receiptNumber: z.number().int(),
  counterId: z.string(),
  cashierId: z.string().nullable(),
  shiftId: z.string().nullable(),
  createdAt: IsoTimeSchema,
  updatedAt: IsoTimeSchema,
  training: z.boolean(),
  iccid: z.string(),
  packageCode: z.string(),
  packageName: z.string(),
  retail: MoneySchema,
  before: EsimSnapshotSchema,
});

/** The top-up state machine. The API has no idempotency key for top-ups, so nothing here is ever re-sent. */
export const TopUpSchema = z.discriminatedUnion('state', [
  /** Recorded with the eSIM's volume and expiry before sending. */
  TopUpBaseSchema.extend({ state: z.literal('intent') }),
  /** On the wire, sent exactly once. */
  TopUpBaseSchema.extend({ state: z.literal('sent'), sentAt: IsoTimeSchema }),
  /** The answer was lost: applied or not is decided by watching the eSIM's volume and expiry change. */
  TopUpBaseSchema.extend({ state: z.literal('in_doubt'), since: IsoTimeSchema, lastError: PosErrorSchema }),
  /** Applied and charged. */
  TopUpBaseSchema.extend({
    state: z.literal('completed'),
    orderReference: z.string().nullable(),
    cost: MoneySchema.nullable(),
    margin: MoneySchema.nullable(),
    newBalance: MoneySchema.nullable(),
    newTotalGb: z.number().nullable(),
    newRemainingGb: z.number().nullable(),
    newExpiresAt: IsoTimeSchema.nullable(),
    /** True when the outcome was inferred from the eSIM changing, not read from the API's answer. */
    inferred: z.boolean(),
    completedAt: IsoTimeSchema,
  }),
  /** A definite error, or an in-doubt top-up seen not to have changed the eSIM: nothing was charged. */
  TopUpBaseSchema.extend({ state: z.literal('failed'), error: PosErrorSchema, failedAt: IsoTimeSchema }),
]);
export type TopUp = z.infer<typeof TopUpSchema>;
export type TopUpState = TopUp['state'];
export const TOPUP_STATES = ['intent', 'sent', 'in_doubt', 'completed', 'failed'] as const;

/** An eSIM looked up by ICCID, for the top-up and eSIM-care screens. */
export const EsimDetailsSchema = z.object({
  iccid: z.string(),
  packageName: z.string(),
  packageCode: z.string().nullable(),
  status: z.string(),
  unlimited: z.boolean(),
  totalMb: z.number(),
  usedMb: z.number(),
  remainingMb: z.number(),
  usagePercent: z.number(),
  validityDays: z.number().int().nullable(),
  activatedAt: IsoTimeSchema.nullable(),
  expiresAt: IsoTimeSchema.nullable(),
  expired: z.boolean(),
  /** Whether the top-up eligibility rule lets this eSIM be topped up now, and if not why (a code). */
  toppable: z.boolean(),
  notToppableReason: ErrorCodeSchema.nullable(),
});
export type EsimDetails = z.infer<typeof EsimDetailsSchema>;

export const TopUpOptionSchema = z.object({
  code: z.string(),
  name: z.string(),
  dataGb: z.number().nullable(),
  isUnlimited: z.boolean(),
  validityDays: z.number().int(),
  cost: MoneySchema,
  retail: MoneySchema,
});
export type TopUpOption = z.infer<typeof TopUpOptionSchema>;

/** An order in the provider's own list: only the reference is certain, the rest is null where the provider left it out. */
export const ProviderOrderSchema = z.object({
  id: z.number().int().nullable(),
  orderReference: z.string(),
  packageName: z.string().nullable(),
  packageCode: z.string().nullable(),
  amount: MoneySchema.nullable(),
  /** One of the API's list statuses; null for any other, whose text is in `statusText`. */
  status: z.enum(['pending', 'completed', 'failed', 'cancelled']).nullable(),
  statusText: z.string().nullable(),
  /** As sent: not always ISO 8601. */
  createdAt: z.string().nullable(),
  iccid: z.string().nullable(),
});
export type ProviderOrder = z.infer<typeof ProviderOrderSchema>;

/** Markup rules: the most specific matching scope wins (package, then region, then type, then all). */
export const MarkupScopeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('type'), type: PackageTypeSchema }),
  z.object({ kind: z.literal('region'), region: z.string().min(1) }),
  z.object({ kind: z.literal('package'), packageCode: z.string().min(1) }),
]);
export const MarkupSchema = z.discriminatedUnion('kind', [
  /** Percent in basis points (2500 = 25 %), so no float ever touches a price. */
  z.object({ kind: z.literal('percent'), basisPoints: z.number().int().min(0).max(1_000_000) }),
  z.object({ kind: z.literal('fixed'), amount: MoneySchema }),
]);
export const MarkupRuleSchema = z.object({ scope: MarkupScopeSchema, markup: MarkupSchema });
export type MarkupRule = z.infer<typeof MarkupRuleSchema>;
export const PricingSchema = z.object({
  rules: z.array(MarkupRuleSchema),
  /** Retail prices round up to a multiple of this many minor units, per currency (e.g. IQD 250, USD 50). */
  roundingSteps: z.object({
    USD: MinorUnitsSchema.optional(),
    EUR: MinorUnitsSchema.optional(),
    IQD: MinorUnitsSchema.optional(),
  }),
});
export type Pricing = z.infer<typeof PricingSchema>;

export const PaperWidthSchema = z.union([z.literal(58), z.literal(80)]);
export const SettingsSchema = z.object({
  shopName: z.string().max(80),
  shopAddress: z.string().max(200),
  shopPhone: z.string().max(40),
  receiptFooter: z.string().max(300),
  language: LanguageSchema,
  paperWidthMm: PaperWidthSchema,
  printerName: z.string().nullable(),
  autoPrint: z.boolean(),
  /** Low-balance warning threshold, in the account currency's minor units; null for none. */
  lowBalanceThreshold: MoneySchema.nullable(),
  /** The live API's base URL (ends in /api/v1/business); null uses the default. */
  apiBaseUrl: z.string().url().nullable(),
  pinnedPackageCodes: z.array(z.string()).max(12),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const StatusSchema = z.object({
  mode: z.enum(['training', 'live']),
  counterId: z.string(),
  credentials: z.object({ stored: z.boolean(), maskedAccessCode: z.string().nullable() }),
  keychain: z.enum(['available', 'unavailable']),
  apiBaseUrl: z.string(),
  connection: z.enum(['unknown', 'online', 'offline']),
  /** Server clock minus ours, from the API's Date headers; null until first seen. */
  clockSkewMs: z.number().nullable(),
  balance: BalanceViewSchema.nullable(),
  currency: CurrencySchema.nullable(),
  catalogue: z.object({ count: z.number().int(), syncedAt: IsoTimeSchema.nullable(), syncing: z.boolean() }),
  openSales: z.object({ pending: z.number().int(), inDoubt: z.number().int(), support: z.number().int() }),
  managerPinSet: z.boolean(),
});
export type Status = z.infer<typeof StatusSchema>;

/** An eSIM as the screen facing the customer shows it: what installs it, nothing of the shop's money. */
export const CustomerEsimSchema = SaleEsimSchema.pick({
  iccid: true,
  lpa: true,
  smdpAddress: true,
  activationCode: true,
});
export type CustomerEsim = z.infer<typeof CustomerEsimSchema>;

/**
 * What the screen facing the customer shows: the customer's language, and the eSIMs of the sale just
 * completed for them, or null for the idle screen. A QR code installs an eSIM once, so it never waits
 * on that screen for the next customer: it leaves when the next sale or top-up begins, when the
 * cashier moves on, or at `showUntil`, whichever comes first.
 */
export const CustomerDisplaySchema = z.object({
  language: LanguageSchema,
  sale: z
    .object({
      id: z.string(),
      receiptNumber: z.number().int(),
      packageName: z.string(),
      training: z.boolean(),
      esims: z.array(CustomerEsimSchema).min(1),
      showUntil: IsoTimeSchema,
    })
    .nullable(),
});
export type CustomerDisplay = z.infer<typeof CustomerDisplaySchema>;

/** A printer the operating system offers (Electron only). */
export const PrinterSchema = z.object({
  /** The name the operating system knows it by, which Settings keeps. */
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
});
export type Printer = z.infer<typeof PrinterSchema>;

/** Events the core pushes to the renderer. */
export const PosEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('sale.updated'), sale: SaleSchema }),
  z.object({ type: z.literal('topup.updated'), topUp: TopUpSchema }),
  z.object({ type: z.literal('balance.updated'), balance: BalanceViewSchema }),
  z.object({ type: z.literal('balance.low'), balance: BalanceViewSchema }),
  z.object({ type: z.literal('status.changed'), status: StatusSchema }),
  z.object({ type: z.literal('catalogue.synced'), count: z.number().int(), syncedAt: IsoTimeSchema }),
  z.object({ type: z.literal('customer.display'), display: CustomerDisplaySchema }),
  z.object({ type: z.literal('error'), code: ErrorCodeSchema, message: z.string() }),
]);
export type PosEvent = z.infer<typeof PosEventSchema>;
