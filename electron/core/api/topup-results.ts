import type { Money } from '../../../shared/money';
import { Fields } from './fields';
import { type PackageFacts, packageFactsOf, readPackageList } from './package-results';
import { type PageInfo, type PageQuery, type PageRead, pageCounts } from './pages';
import { type AccountCurrency, moneyReader } from './parse';
import type { ProviderAnswer } from './provider-answer';

/** A top-up package offered for one eSIM; its code is what POST /topup/order takes. */
export type TopUpPackage = PackageFacts;

export interface TopUpPackagePage {
  readonly packages: readonly TopUpPackage[];
  /** Packages on the page that could not be read: left out and counted. */
  readonly skipped: number;
  readonly pagination: PageInfo;
  readonly raw: string;
}

export async function parseTopUpPackagePage(
  json: unknown,
  asked: PageQuery,
  accountCurrency: AccountCurrency,
): Promise<PageRead<Omit<TopUpPackagePage, 'raw'>>> {
  const read = await readPackageList(json, (item) => packageFactsOf(item, accountCurrency));
  return { page: { packages: read.items, ...pageCounts(read.data, read, asked) }, problems: read.skipped };
}

/**
 * A completed top-up: a 200 that does not say `success:false` is the provider's word that it was
 * applied, so nothing in it is required; what it does not say is null (the charge then comes from
 * the quoted cost or the provider's order list).
 */
export interface TopUpCompleted {
  readonly orderReference: string | null;
  readonly iccid: string | null;
  readonly packageName: string | null;
  readonly message: string | null;
  /** What was charged (`amount`). */
  readonly cost: Money | null;
  readonly profit: Money | null;
  readonly newBalance: Money | null;
  readonly newTotalGb: number | null;
  readonly newRemainingGb: number | null;
  /** ISO 8601 UTC, however the provider wrote it; null when unreadable. */
  readonly newExpiresAt: string | null;
  readonly raw: string;
  /** The answer, as the journal keeps it (a top-up is sent once, so there is one). */
  readonly answers: readonly ProviderAnswer[];
}

export async function parseTopUpResult(
  json: unknown,
  accountCurrency: AccountCurrency,
): Promise<Omit<TopUpCompleted, 'raw' | 'answers'>> {
  const body = Fields.of(json);
  const money = await moneyReader(body, ['amount', 'newBalance', 'profit'], accountCurrency);
  const esimData = body.object('esimData');
  return {
    orderReference: body.text('orderReference'),
    iccid: body.text('iccid'),
    packageName: body.text('packageName'),
    message: body.text('message'),
    cost: money('amount'),
    profit: money('profit'),
    newBalance: money('newBalance'),
    newTotalGb: esimData?.number('newTotalVolumeGB') ?? null,
    newRemainingGb: esimData?.number('newRemainingVolumeGB') ?? null,
    newExpiresAt: esimData?.time('expiredTime') ?? null,
  };
}
