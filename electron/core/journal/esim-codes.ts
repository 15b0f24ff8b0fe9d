/**
 * How a sold eSIM's install codes are stored (`sale_esims`, since version 22): the LPA string whole,
 * and beside it only what it does not already hold. The provider's answer names each eSIM's SM-DP+
 * address, activation code and Apple install link, and in the common form all three are the LPA
 * string's own parts (`LPA:1$address$code`, Apple's link is its fixed prefix and the string): stored
 * apart they took about 180 bytes an eSIM, a third of a sale's rows. The table's generated columns
 * give them back under their old names (migration 0022), so every reader reads them as before; these
 * rules and those columns' expressions are one rule, and the journal's tests hold them together.
 */

/** The LPA string's fixed start in the form whose parts are derived. */
const LPA_START = 'LPA:1$';
/** Apple's universal link that installs the eSIM of the LPA string after it. */
export const APPLE_INSTALL_PREFIX = 'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=';

/** An eSIM's install codes as the answer named them. */
export interface EsimCodes {
  readonly lpa: string;
  readonly smdpAddress: string;
  readonly activationCode: string;
  readonly appleInstallUrl: string | null;
}

/** The columns that store them: a part is null where the LPA string holds it. */
export interface StoredEsimCodes {
  readonly lpa: string;
  readonly smdpAddressApart: string | null;
  readonly activationCodeApart: string | null;
  readonly appleInstallUrlFromLpa: 0 | 1;
  readonly appleInstallUrlApart: string | null;
}

/**
 * The columns of `codes`. The address and code are left to the LPA string only when it is exactly
 * `LPA:1$address$code` and the address holds no `$`, so that splitting the string at its first `$`
 * after the start gives both back (a code may hold `$`: it is all that follows).
 */
export function storedEsimCodes(codes: EsimCodes): StoredEsimCodes {
  const inLpa =
    !codes.smdpAddress.includes('$') &&
    codes.lpa === `${LPA_START}${codes.smdpAddress}$${codes.activationCode}`;
  const appleFromLpa = codes.appleInstallUrl === `${APPLE_INSTALL_PREFIX}${codes.lpa}`;
  return {
    lpa: codes.lpa,
    smdpAddressApart: inLpa ? null : codes.smdpAddress,
    activationCodeApart: inLpa ? null : codes.activationCode,
    appleInstallUrlFromLpa: appleFromLpa ? 1 : 0,
    appleInstallUrlApart: appleFromLpa ? null : codes.appleInstallUrl,
  };
}
