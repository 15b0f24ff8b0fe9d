import type { Sale, SaleSummary } from './sale';

// Zod-free, so the renderer can use them without bundling the contract's schemas.
/** A sale as lists, reads and events show it: a completed sale's eSIMs without what installs them. */
export function toSaleSummary(sale: Sale | SaleSummary): SaleSummary {
  if (sale.state !== 'completed') return sale;
  return {
    ...sale,
    esims: sale.esims.map(({ lpa, activationCode, appleInstallUrl, androidInstallUrl, ...kept }) => kept),
  };
}

/** Whether this is a completed sale with its eSIMs in full (sell's answer, or a hand-over), not a summary. */
export function carriesInstallCodes(sale: Sale | SaleSummary): sale is Extract<Sale, { state: 'completed' }> {
  return sale.state === 'completed' && sale.esims.every((esim) => typeof esim.lpa === 'string');
}
