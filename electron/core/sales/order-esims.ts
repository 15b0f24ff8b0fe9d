import type { SaleEsim } from '../../../shared/domain/sale';
import { formatLpa, parseLpa } from '../../../shared/lpa';
import { BYTES_PER_MB } from '../../../shared/units';
import type { EsimRecord } from '../api';
import { statedSpanMs } from '../api/provider-time';
import type { Connection } from '../connection';
import type { AnswerEsim } from '../journal/answers';
import { CLOCK_MARGIN_MS } from '../money/send-window';

/** An order whose eSIMs are looked for: its reference, what it sold, and when the provider placed it. */
export interface OrderToRead {
  readonly orderReference: string;
  readonly packageCode: string;
  readonly quantity: number;
  /** The provider's date of the order (its clock); null if unknown. eSIMs are never issued before it. */
  readonly placedAt: Date | null;
}

const ESIM_PAGE_SIZE = 100;
const ESIM_PAGES_MAX = 10;
/** Each candidate eSIM costs one usage read to confirm; past this many the reads give up for now. */
const CONFIRMATIONS_MAX = 40;

/**
 * The eSIMs of a completed order, by reads alone. GET /esims/order names the order's first eSIM with
 * its LPA (`first`); an order of one eSIM needs nothing more. An answer to the sale the counter could
 * not read may have named them all (`answered`): when it names the order's first eSIM, it was this
 * order's answer, and its eSIMs are this order's. For the others, GET /esims lists the account's
 * eSIMs of the package issued since the order was placed and not held by another sale of the journal
 * (`claimed`), and GET /esims/usage/query confirms each as this order's: its `esim.order_id` is the
 * order reference. Null when the reads do not yield every eSIM of the order.
 */
export async function readOrderEsims(
  connection: Connection,
  order: OrderToRead,
  first: SaleEsim | null,
  answered: readonly AnswerEsim[],
  claimed: (iccids: readonly string[]) => Set<string>,
): Promise<SaleEsim[] | null> {
  const found: SaleEsim[] = first ? [first] : [];
  if (first && answered.some((esim) => esim.iccid === first.iccid)) {
    for (const esim of answered) {
      if (esim.iccid !== null && !found.some((known) => known.iccid === esim.iccid)) {
        found.push(answeredEsim(esim.iccid, esim));
      }
    }
  }
  if (found.length >= order.quantity) return found.slice(0, order.quantity);
  const candidates = await unclaimedEsimsOf(connection, order, claimed, new Set(found.map((e) => e.iccid)));
  let confirmations = 0;
  for (const record of candidates) {
    if (found.length === order.quantity || confirmations === CONFIRMATIONS_MAX) break;
    confirmations += 1;
    const usage = await connection.client.getUsage({ iccid: record.iccid }, { lane: 'interactive' });
    const esim = usage.orderId === order.orderReference ? saleEsimOf(record) : null;
    if (esim) found.push(esim);
  }
  return found.length === order.quantity ? found : null;
}

/** The account's eSIMs of the order's package issued around or after it, oldest first. */
async function unclaimedEsimsOf(
  connection: Connection,
  order: OrderToRead,
  claimed: (iccids: readonly string[]) => Set<string>,
  known: ReadonlySet<string>,
): Promise<EsimRecord[]> {
  const notBefore = order.placedAt === null ? null : order.placedAt.getTime() - CLOCK_MARGIN_MS;
  const listed: EsimRecord[] = [];
  for (let page = 1; page <= ESIM_PAGES_MAX; page += 1) {
    const result = await connection.client.listEsims(
      { page, limit: ESIM_PAGE_SIZE, status: 'all', search: order.packageCode },
      { lane: 'interactive' },
    );
    for (const record of result.esims) {
      const issued = record.createdAt === null ? Number.NaN : Date.parse(record.createdAt);
      // A time written for people ("6:20 PM") is the first instant of its minute or day: the eSIM
      // may have been issued at any instant of it.
      const recent = notBefore === null || Number.isNaN(issued) || issued + statedSpanMs(issued) >= notBefore;
      if (record.packageCode === order.packageCode && recent && !known.has(record.iccid)) listed.push(record);
    }
    if (!result.pagination.hasMore) break;
  }
  const taken = claimed(listed.map((record) => record.iccid));
  return listed.filter((record) => !taken.has(record.iccid)).sort((a, b) => issuedAt(a) - issuedAt(b));
}

function issuedAt(record: EsimRecord): number {
  const at = record.createdAt === null ? Number.NaN : Date.parse(record.createdAt);
  return Number.isNaN(at) ? Number.MAX_SAFE_INTEGER : at;
}

/** An eSIM an answer named, as the sale hands it over: what installs it, and nothing else is known. */
function answeredEsim(iccid: string, esim: AnswerEsim): SaleEsim {
  return {
    iccid,
    lpa: esim.lpa,
    smdpAddress: esim.smdpAddress,
    activationCode: esim.activationCode,
    appleInstallUrl: null,
    androidInstallUrl: null,
    status: null,
    totalVolumeBytes: null,
    validityDays: null,
    expiresAt: null,
  };
}

/** An eSIM of the list as the sale hands it over; null if its LPA cannot be read. */
function saleEsimOf(record: EsimRecord): SaleEsim | null {
  const { install } = record;
  if (!install) return null;
  const lpa =
    install.lpa ||
    (install.smdpAddress && install.activationCode
      ? formatLpa({ smdpAddress: install.smdpAddress, activationCode: install.activationCode })
      : '');
  const parsed = parseLpa(lpa);
  if (!parsed.ok) return null;
  return {
    iccid: record.iccid,
    lpa,
    ...parsed.value,
    appleInstallUrl: install.appleInstallUrl,
    androidInstallUrl: install.androidInstallUrl,
    status: record.esimStatus ?? record.status,
    totalVolumeBytes:
      record.data.unlimited || record.data.totalMb === null
        ? null
        : Math.round(record.data.totalMb * BYTES_PER_MB),
    validityDays: record.validity.days,
    expiresAt: record.validity.expiresAt,
  };
}
