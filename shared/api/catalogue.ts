import { z } from 'zod';
import { ApiCurrencySchema, PackageTypeSchema, PaginationSchema, readEnvelope } from './common';

export const PackageFeaturesSchema = z.object({
  voice_minutes: z.number().nullable().optional(),
  sms_count: z.number().nullable().optional(),
  is_rechargeable: z.boolean().optional(),
});

export const NetworkOperatorSchema = z.object({ operatorName: z.string(), networkType: z.string() });
export const LocationNetworkSchema = z.object({
  locationName: z.string(),
  locationLogo: z.string().nullable().optional(),
  operatorList: z.array(NetworkOperatorSchema),
});

export const PackageNetworkSchema = z.object({
  network_id: z.union([z.string(), z.number()]),
  network_name: z.string(),
  network_type: z.string(),
  country_code: z.string(),
  country_name: z.string(),
  country_iso2: z.string(),
  continent: z.string(),
  mcc_code: z.string(),
  mnc_code: z.string(),
});

/** A catalogue package. `package_code` is opaque: stored and sent back verbatim. */
export const PackageSchema = z.object({
  package_code: z.string().min(1),
  name: z.string(),
  region: z.string(),
  type: PackageTypeSchema,
  data_amount_gb: z.number(),
  validity_days: z.number().int(),
  cost: z.number(),
  currency: ApiCurrencySchema,
  features: PackageFeaturesSchema,
  is_unlimited: z.boolean(),
  has_voice: z.boolean(),
  has_sms: z.boolean(),
  countries: z.array(z.string()).optional(),
  locationNetworkList: z.array(LocationNetworkSchema).optional(),
  networks: z.array(PackageNetworkSchema).optional(),
  phone_number: z.string().nullable().optional(),
  network_carrier: z.string().nullable().optional(),
  has_5g: z.boolean().optional(),
  has_hotspot: z.boolean().optional(),
  can_extend: z.boolean().optional(),
  is_recurring: z.boolean().optional(),
  activation_policy: z.enum(['immediate', 'first_use']).optional(),
  data_breakdown: z.record(z.string(), z.unknown()).optional(),
  voice_details: z.record(z.string(), z.unknown()).optional(),
});
export type ApiPackage = z.infer<typeof PackageSchema>;

export const PackageListResponseSchema = readEnvelope(
  z.object({ packages: z.array(PackageSchema), pagination: PaginationSchema }),
);
export type PackageListResponse = z.infer<typeof PackageListResponseSchema>;

export const PackageListQuerySchema = z.object({
  search: z.string().optional(),
  type: PackageTypeSchema.optional(),
  page: z.number().int().min(1).optional(),
  limit: z.number().int().min(1).max(100).optional(),
});
export type PackageListQuery = z.infer<typeof PackageListQuerySchema>;

export const TopUpPackageSchema = z.object({
  package_code: z.string().min(1),
  name: z.string(),
  data_amount_gb: z.number(),
  validity_days: z.number().int(),
  cost: z.number(),
  currency: ApiCurrencySchema,
  features: z.object({ is_rechargeable: z.literal(true) }),
  is_unlimited: z.boolean(),
});
export type ApiTopUpPackage = z.infer<typeof TopUpPackageSchema>;

export const TopUpPackageListResponseSchema = readEnvelope(
  z.object({ packages: z.array(TopUpPackageSchema), pagination: PaginationSchema }),
);
export type TopUpPackageListResponse = z.infer<typeof TopUpPackageListResponseSchema>;

export const TopUpPackageListQuerySchema = z.object({
  iccid: z.string(),
  page: z.number().int().min(1).optional(),
  limit: z.number().int().min(1).max(100).optional(),
});

export const BalanceSchema = z.object({
  balance: z.number(),
  currency: ApiCurrencySchema,
  /** Present (value `enterprise`) only for enterprise accounts. */
  source: z.literal('enterprise').optional(),
  account: z.string().optional(),
  live: z.boolean().optional(),
  as_of: z.string().optional(),
});
export type ApiBalance = z.infer<typeof BalanceSchema>;
export const BalanceResponseSchema = readEnvelope(BalanceSchema);
export type BalanceResponse = z.infer<typeof BalanceResponseSchema>;
