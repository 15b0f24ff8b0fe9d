import { TopUpPackageListResponseSchema } from '../../../shared/api/catalogue';
import type { Pagination } from '../../../shared/api/common';
import { TopUpResultSchema } from '../../../shared/api/orders';
import type { Money } from '../../../shared/money';
import { moneyOf, validate } from './parse';

/** A top-up package offered for one eSIM; its code is what POST /topup/order takes. */
export interface TopUpPackage {
  readonly code: string;
  readonly name: string;
  /** Null for unlimited plans. */
  readonly dataGb: number | null;
  readonly isUnlimited: boolean;
  readonly validityDays: number;
  readonly cost: Money;
}

export interface TopUpPackagePage {
  readonly packages: readonly TopUpPackage[];
  readonly pagination: Pagination;
  readonly raw: string;
}

export function parseTopUpPackagePage(json: unknown): Omit<TopUpPackagePage, 'raw'> {
  const { data } = validate(TopUpPackageListResponseSchema, json);
  return {
    packages: data.packages.map((pkg, index) => ({
      code: pkg.package_code,
      name: pkg.name,
      dataGb: pkg.is_unlimited ? null : pkg.data_amount_gb,
      isUnlimited: pkg.is_unlimited,
      validityDays: pkg.validity_days,
      cost: moneyOf(pkg.cost, pkg.currency, `data.packages.${index}.cost`),
    })),
    pagination: data.pagination,
  };
}

/** A completed top-up: what was charged and the eSIM's new volume and expiry. */
export interface TopUpCompleted {
  readonly orderReference: string;
  readonly iccid: string;
  readonly packageName: string;
  readonly message: string;
  /** What was charged (`amount`). */
  readonly cost: Money;
  readonly profit: Money;
  readonly newBalance: Money;
  readonly newTotalGb: number;
  readonly newRemainingGb: number;
  /** As sent; not always ISO 8601. */
  readonly newExpiresAt: string;
  readonly raw: string;
}

export function parseTopUpResult(json: unknown): Omit<TopUpCompleted, 'raw'> {
  const body = validate(TopUpResultSchema, json);
  return {
    orderReference: body.orderReference,
    iccid: body.iccid,
    packageName: body.packageName,
    message: body.message,
    cost: moneyOf(body.amount, body.currency, 'amount'),
    profit: moneyOf(body.profit, body.currency, 'profit'),
    newBalance: moneyOf(body.newBalance, body.currency, 'newBalance'),
    newTotalGb: body.esimData.newTotalVolumeGB,
    newRemainingGb: body.esimData.newRemainingVolumeGB,
    newExpiresAt: body.esimData.expiredTime,
  };
}
