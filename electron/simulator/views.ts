import type { ApiEsimOrderItem, ApiOrderListItem, OrderStatusRecord } from '../../shared/api';
import { BYTES_PER_GB } from '../../shared/units';
import { androidInstallUrl, appleInstallUrl } from './identifiers';
import { qrDataUrl } from './qr';
import type { EsimRow, OrderRow } from './records';
import { lpaOf } from './records';

/** Wire shapes of eSIMs and orders, typed with the shared schemas so a field mismatch fails the typecheck. */

function iso(at: number | null): string | null {
  return at === null ? null : new Date(at).toISOString();
}

export function totalVolumeBytes(esim: EsimRow): number | null {
  return esim.unlimited ? null : Math.round((esim.total_mb / 1024) * BYTES_PER_GB);
}

/** The `esim_status` label: suspension shows as `Not Active` in the label, `Disconnected` on suspend. */
export function statusLabel(esim: EsimRow): string {
  return esim.suspended ? 'Not Active' : esim.esim_status;
}

/** `status` of an eSIM in an order result: `New` once issued (the description's casing). */
function orderItemStatus(esim: EsimRow): string {
  return esim.status === 'NEW' ? 'New' : esim.status;
}

/** The eSIM fields an order result and an order-list item share (besides the ICCID). */
export function esimState(esim: EsimRow): Omit<NonNullable<ApiOrderListItem['esim']>, 'iccid'> {
  return {
    imsi: esim.imsi,
    msisdn: esim.msisdn,
    sim_status: esim.sim_status,
    esim_status: statusLabel(esim),
    profile_status: esim.profile_status,
    unlimited: esim.unlimited === 1,
    total_volume: totalVolumeBytes(esim),
    total_duration: esim.validity_days,
    expired_time: iso(esim.expires_at),
  };
}

export async function toOrderItem(esim: EsimRow): Promise<ApiEsimOrderItem> {
  const lpa = lpaOf(esim);
  return {
    iccid: esim.iccid,
    lpaString: lpa,
    qrCodeUrl: await qrDataUrl(lpa),
    directAppleInstallUrl: appleInstallUrl(lpa),
    directAndroidInstallUrl: androidInstallUrl(lpa),
    status: orderItemStatus(esim),
    ...esimState(esim),
    isPending: false,
  };
}

/** `status` of GET /esims/order: the creation vocabulary (`pending_details`, `completed`) plus the later ones. */
export function orderStatusText(order: OrderRow): string {
  return order.status === 'pending' ? 'pending_details' : order.status;
}

function paymentStatus(order: OrderRow): string {
  if (order.refund_state === 'credited') return 'refunded';
  if (order.refund_state === 'requested') return 'refund_requested';
  if (order.refund_state === 'separate') return 'refunded_separately';
  return order.status === 'failed' ? 'not_charged' : 'paid';
}

export async function toOrderStatusRecord(
  order: OrderRow,
  esim: EsimRow | undefined,
  amount: number,
): Promise<OrderStatusRecord> {
  const lpa = esim ? lpaOf(esim) : null;
  return {
    id: order.id,
    packageName: order.package_name,
    packageCode: order.package_code,
    status: orderStatusText(order),
    orderReference: order.reference,
    paymentMethod: 'balance',
    paymentStatus: paymentStatus(order),
    amount,
    finalPrice: order.status === 'failed' ? 0 : amount,
    orderDate: new Date(order.created_at).toISOString(),
    esim: {
      iccid: esim?.iccid ?? null,
      status: esim ? orderItemStatus(esim) : order.status === 'pending' ? 'PENDING' : null,
      imsi: esim?.imsi ?? null,
      msisdn: esim?.msisdn ?? null,
      sim_status: esim?.sim_status ?? null,
      esim_status: esim ? statusLabel(esim) : null,
      profile_status: esim?.profile_status ?? null,
      qrCodeUrl: lpa ? await qrDataUrl(lpa) : null,
      directAppleInstallUrl: lpa ? appleInstallUrl(lpa) : null,
      directAndroidInstallUrl: lpa ? androidInstallUrl(lpa) : null,
      lpaString: lpa,
      isPending: order.status === 'pending',
      unlimited: esim ? esim.unlimited === 1 : false,
      totalVolume: esim ? totalVolumeBytes(esim) : null,
      totalDuration: esim?.validity_days ?? null,
      expiredTime: esim ? iso(esim.expires_at) : null,
    },
  };
}
