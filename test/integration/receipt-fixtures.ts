import type { ReceiptContext, ReceiptPackageInfo } from '../../electron/core/receipts/receipt-context';
import type { CompletedSale } from '../../electron/core/receipts/sale-receipt';
import { type SaleEsim, SaleSchema } from '../../shared/domain/sale';
import type { CompletedTopUp } from '../../shared/domain/topup';
import { TopUpSchema } from '../../shared/domain/topup';
import { withCheckDigit } from '../../shared/iccid';
import { formatLpa, parseLpa } from '../../shared/lpa';
import { money } from '../../shared/money';
import { BYTES_PER_GB } from '../../shared/units';

/**
 * Completed sales and top-ups as the journal hands them to the receipt renderer, built from LPA
 * strings in the provider's (and the simulator's) form `LPA:1$<SM-DP+ host>$<activation code>`, and
 * validated with the shared schemas so a fixture cannot drift from the contract.
 */

const SMDP_HOSTS = ['smdp.sim.esim-counter.test', 'rsp-eu.simlessly.test', 'consumer.rsp.world'] as const;
const ACTIVATION_CODES = [
  'K2-1Y5K4F-1R0H8QZ',
  'QRF-BETTERROAMING-PMRDGIR2EARDEIT5',
  '9F4A1C7E5B3D2A8F6E0C1B9D7A5F3E2C',
] as const;

/** The iPhone universal link the provider returns as `directAppleInstallUrl`. */
export function appleInstallUrl(lpa: string): string {
  return `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${lpa}`;
}

export function fixtureEsim(index: number): SaleEsim {
  const smdpAddress = SMDP_HOSTS[index % SMDP_HOSTS.length]!;
  const activationCode = ACTIVATION_CODES[index % ACTIVATION_CODES.length]!;
  const lpa = formatLpa({ smdpAddress, activationCode });
  const parsed = parseLpa(lpa);
  if (!parsed.ok) throw new Error(parsed.problem);
  return {
    iccid: withCheckDigit(`898524700001234${String(5670 + index).padStart(4, '0')}`),
    lpa,
    smdpAddress: parsed.value.smdpAddress,
    activationCode: parsed.value.activationCode,
    appleInstallUrl: appleInstallUrl(lpa),
    androidInstallUrl: `https://esimsetup.android.com/esim_qrcode_provisioning?carddata=${lpa}`,
    status: 'New',
    totalVolumeBytes: 5 * BYTES_PER_GB,
    validityDays: 30,
    expiresAt: null,
  };
}

export function completedSale(quantity: number, overrides: { training?: boolean } = {}): CompletedSale {
  const sale = SaleSchema.parse({
    id: `sale-${quantity}`,
    receiptNumber: 41 + quantity,
    counterId: 'counter-1',
    cashierId: 'cashier-1',
    shiftId: 'shift-1',
    createdAt: '2025-03-12T11:04:51.000Z',
    updatedAt: '2025-03-12T11:05:02.000Z',
    training: overrides.training ?? false,
    packageCode: 'TR-EU-5GB-30D',
    packageName: 'Europe 5 GB · 30 days',
    quantity,
    idempotencyKey: '3f0d2b4e-8f5c-4d1a-9a57-1c2e3d4f5a6b',
    retailUnit: money(1250, 'USD'),
    retailTotal: money(1250 * quantity, 'USD'),
    attempts: 1,
    state: 'completed',
    orderReference: `ORD-20250312-${String(7000 + quantity)}`,
    cost: money(900 * quantity, 'USD'),
    margin: money(350 * quantity, 'USD'),
    newBalance: money(48_110, 'USD'),
    esims: Array.from({ length: quantity }, (_, i) => fixtureEsim(i)),
    completedAt: '2025-03-12T11:05:02.000Z',
  });
  if (sale.state !== 'completed') throw new Error('fixture sale is not completed');
  return sale;
}

export function completedTopUp(): CompletedTopUp {
  const topUp = TopUpSchema.parse({
    id: 'topup-1',
    receiptNumber: 57,
    counterId: 'counter-1',
    cashierId: 'cashier-1',
    shiftId: 'shift-1',
    createdAt: '2025-03-14T16:40:00.000Z',
    updatedAt: '2025-03-14T16:40:03.000Z',
    training: false,
    iccid: fixtureEsim(0).iccid,
    packageCode: 'TOPUP-EU-3GB-15D',
    packageName: 'Europe top-up 3 GB',
    retail: money(25_000, 'IQD'),
    before: {
      totalMb: 5120,
      remainingMb: 812,
      expiresAt: '2025-04-11T11:05:02.000Z',
      status: 'Active',
      takenAt: '2025-03-14T16:39:58.000Z',
    },
    state: 'completed',
    orderReference: 'TOP-20250314-0091',
    cost: money(18_000, 'IQD'),
    margin: money(7000, 'IQD'),
    newBalance: money(2_410_000, 'IQD'),
    newTotalGb: 8,
    newRemainingGb: 3.79,
    newExpiresAt: '2025-04-26T11:05:02.000Z',
    inferred: false,
    completedAt: '2025-03-14T16:40:03.000Z',
    decision: null,
  });
  if (topUp.state !== 'completed') throw new Error('fixture top-up is not completed');
  return topUp;
}

export const EUROPE_PACKAGE: ReceiptPackageInfo = {
  dataGb: 5,
  isUnlimited: false,
  validityDays: 30,
  region: 'Europe',
  countries: ['FR', 'DE', 'IT', 'ES', 'NL', 'BE', 'AT', 'PT', 'GR', 'SE', 'PL', 'CH'],
  activationPolicy: 'first_use',
};

export const TOPUP_PACKAGE: ReceiptPackageInfo = { dataGb: 3, isUnlimited: false, validityDays: 15 };

export function receiptContext(overrides: Partial<ReceiptContext> = {}): ReceiptContext {
  return {
    shop: {
      shopName: 'Baghdad Mobile Centre',
      shopAddress: 'Karrada, Inner Street 62, Baghdad',
      shopPhone: '+964 770 123 4567',
      receiptFooter: 'Help: WhatsApp +964 770 123 4567',
    },
    language: 'en',
    paperWidthMm: 58,
    training: false,
    cashierName: 'Zainab',
    counterCode: null,
    copyNumber: null,
    printedAt: '2025-03-15T09:30:00.000Z',
    timeZone: 'Asia/Baghdad',
    packageInfo: EUROPE_PACKAGE,
    ...overrides,
  };
}
