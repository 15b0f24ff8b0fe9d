/**
 * LPA activation strings have the form `LPA:1$<SM-DP+ address>$<activation code>` (GSMA SGP.22);
 * a fourth and fifth part (SM-DP+ OID, confirmation-code flag) may follow and are kept verbatim.
 */
export interface LpaParts {
  readonly smdpAddress: string;
  readonly activationCode: string;
}

export type LpaParseResult = { ok: true; value: LpaParts } | { ok: false; problem: string };

export function parseLpa(text: string): LpaParseResult {
  const parts = text.split('$');
  if (parts[0] !== 'LPA:1') return { ok: false, problem: 'LPA string must start with "LPA:1$"' };
  const [, smdpAddress = '', activationCode = ''] = parts;
  if (!smdpAddress) return { ok: false, problem: 'LPA string has no SM-DP+ address' };
  if (!/^[A-Za-z0-9.-]+(:\d+)?$/.test(smdpAddress)) {
    return { ok: false, problem: `LPA SM-DP+ address is not a host name: ${smdpAddress}` };
  }
  if (!activationCode) return { ok: false, problem: 'LPA string has no activation code' };
  return { ok: true, value: { smdpAddress, activationCode } };
}

export function formatLpa(parts: LpaParts): string {
  return `LPA:1$${parts.smdpAddress}$${parts.activationCode}`;
}
