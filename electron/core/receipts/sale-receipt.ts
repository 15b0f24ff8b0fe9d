import type { Sale, SaleEsim } from '../../../shared/domain/sale';
import { BYTES_PER_GB } from '../../../shared/units';
import { type Html, html } from './html';
import { qrSvg } from './qr-svg';
import type { ReceiptContext, ReceiptPackageInfo } from './receipt-context';
import {
  codeField,
  ltr,
  type ReceiptKit,
  receiptDocument,
  receiptKit,
  rows,
  tenderRows,
} from './receipt-document';
import { formatCoverage } from './receipt-format';

export type CompletedSale = Extract<Sale, { state: 'completed' }>;

/**
 * The receipt of a completed sale: the package, the price, and for each eSIM everything needed to
 * install it at home (the QR code and the manual entry details).
 */
export function renderSaleReceipt(sale: CompletedSale, ctx: ReceiptContext): string {
  const kit = receiptKit(ctx, sale.training);
  const { text, format } = kit;
  const info = ctx.packageInfo;
  const first = sale.esims[0];
  const validityDays = info?.validityDays ?? first?.validityDays ?? null;
  const body = html`
${rows([
  [text.package, sale.packageName],
  dataRow(kit, info, first),
  validityDays !== null ? [text.validity, validityText(kit, validityDays, info)] : null,
  coverageRow(kit, info),
  ...(sale.quantity > 1
    ? [
        [
          text.price,
          text.quantityTimes(format.number(sale.quantity), format.money(sale.retailUnit)),
        ] as const,
        [text.total, format.money(sale.retailTotal), 'total'] as const,
      ]
    : [[text.price, format.money(sale.retailTotal), 'total'] as const]),
  ...tenderRows(kit, sale.tender, sale.retailTotal),
])}
${sale.esims.map((esim, index) => esimSection(kit, sale, esim, index))}
<hr>
<section class="steps">
<h2>${text.installTitle}</h2>
<ol>${text.installSteps.map((step) => html`<li>${step}</li>`)}</ol>
<p class="warning">${text.installOnce}</p>
</section>
`;
  return receiptDocument(kit, {
    title: text.saleTitle,
    receiptNumber: sale.receiptNumber,
    completedAt: sale.completedAt,
    recordTraining: sale.training,
    body,
  });
}

function dataRow(
  { text, format }: ReceiptKit,
  info: ReceiptPackageInfo | null,
  esim: SaleEsim | undefined,
): readonly [string, string] | null {
  if (info?.isUnlimited) return [text.data, text.unlimited];
  if (info?.dataGb != null) return [text.data, format.gigabytes(info.dataGb)];
  // Without the catalogue entry, the volume the provider reported for the eSIM is the next best thing.
  if (esim?.totalVolumeBytes != null)
    return [text.data, format.gigabytes(esim.totalVolumeBytes / BYTES_PER_GB)];
  return null;
}

function validityText({ text, format }: ReceiptKit, days: number, info: ReceiptPackageInfo | null): string {
  const formatted = format.days(days);
  switch (info?.activationPolicy) {
    case 'first_use':
      return text.fromFirstUse(formatted);
    case 'immediate':
      return text.fromPurchase(formatted);
    default:
      return formatted;
  }
}

function coverageRow(kit: ReceiptKit, info: ReceiptPackageInfo | null): readonly [string, string] | null {
  if (!info) return null;
  const coverage = formatCoverage(info.region, info.countries ?? [], kit.format, kit.text);
  return coverage ? [kit.text.coverage, coverage] : null;
}

function esimSection(kit: ReceiptKit, sale: CompletedSale, esim: SaleEsim, index: number): Html {
  const { text, format, layout } = kit;
  const count = sale.esims.length;
  // One QR code: an iPhone's Camera installs from it as well as from the direct-install link, which
  // took a third of the paper again.
  const main = qrSvg(esim.lpa, layout.mainQr, text.mainQrLabel);
  // With several eSIMs the receipt is often cut apart and handed to different people: each part
  // names itself and keeps the TRAINING and COPY marks.
  const head =
    count > 1
      ? html`<h3 class="esim-head">${text.esimOf(format.number(index + 1), format.number(count))}</h3>${
          kit.marks ? html`<p class="mark-note">${kit.marks}</p>` : null
        }`
      : null;
  return html`
<hr class="cut">
<section class="esim" data-iccid="${esim.iccid}">
${head}
<p class="scan">${text.scanToInstall}</p>
${main.svg}
<p class="field manual">${text.manualEntry}</p>
${codeField(text.smdpAddress, esim.smdpAddress)}
${codeField(text.activationCode, esim.activationCode)}
<hr>
${rows([
  // Read out to support rather than typed into the phone: beside its label, in the face for codes.
  [text.iccid, html`<bdi class="code" dir="ltr">${esim.iccid}</bdi>`],
  [text.orderReference, ltr(sale.orderReference)],
])}
</section>
`;
}
