import { luhnCheckDigit, withCheckDigit } from '../../shared/iccid';
import type { Provider } from './catalogue';
import { deriveCode, deriveDigits } from './seed';

/**
 * Identifiers the simulator hands out, derived from the seed and a serial number: unique (the serial
 * is), valid (ICCIDs carry their Luhn digit unless told otherwise), and the same for the same seed and
 * sequence of orders.
 */

// Issuer prefixes: "89" (telecom) + country code + issuer. The service's own network issues 20-digit
// ICCIDs, the partners 19-digit ones, as real issuers differ.
const ICCID_PREFIX: Record<Provider['id'], string> = {
  network: '8944476',
  skyline: '8985220',
  globetrot: '8910390',
};

const SMDP: Record<Provider['id'], string> = {
  network: 'smdp.roamlink.example.net',
  skyline: 'rsp.skyline-mobile.example.com',
  globetrot: 'consumer.rsp.globetrot.example.org',
};

export function smdpAddressOf(provider: Provider): string {
  return SMDP[provider.id];
}

/**
 * The ICCID of the eSIM with this serial. `wrongCheckDigit`: its last digit is not the Luhn digit of
 * the others, as some issuers' numbers are not (the counter must take the provider's ICCIDs as issued).
 */
export function iccidFor(seed: number, provider: Provider, serial: number, wrongCheckDigit = false): string {
  const payloadLength = provider.ownNetwork ? 19 : 18;
  const prefix = ICCID_PREFIX[provider.id];
  const serialText = String(serial).padStart(7, '0');
  const filler = deriveDigits(
    seed,
    `iccid:${provider.id}`,
    payloadLength - prefix.length - serialText.length,
  );
  const payload = `${prefix}${filler}${serialText}`;
  return wrongCheckDigit ? `${payload}${(luhnCheckDigit(payload) + 5) % 10}` : withCheckDigit(payload);
}

export function activationCodeFor(seed: number, serial: number): string {
  const code = deriveCode(seed, `activation:${serial}`, 18);
  return `K2-${code.slice(0, 6)}-${code.slice(6, 12)}-${code.slice(12)}`;
}

export function qrTokenFor(seed: number, serial: number): string {
  return deriveCode(seed, `qr:${serial}`, 24).toLowerCase();
}

/** IMSI and MSISDN of an eSIM on the service's own network: a roaming hub's home range, not a local number. */
export function ownNetworkNumbers(seed: number, serial: number): { imsi: string; msisdn: string } {
  const serialText = String(serial).padStart(6, '0');
  return {
    imsi: `23450${deriveDigits(seed, 'imsi', 4)}${serialText}`,
    msisdn: `+44790${deriveDigits(seed, 'msisdn', 1)}${serialText}`,
  };
}

export function orderReferenceFor(seed: number, kind: 'esim' | 'topup', serial: number, now: number): string {
  const day = new Date(now).toISOString().slice(0, 10).replace(/-/g, '');
  return `${kind === 'esim' ? 'ORD' : 'TOP'}-${day}-${deriveCode(seed, `order:${kind}:${serial}`, 8)}`;
}

/** An identifier with the day an order reference carries left out; any other identifier as it is. */
export function withoutDay(identifier: string): string {
  return identifier.replace(/^(ORD|TOP)-\d{8}-/, '$1-');
}

export function appleInstallUrl(lpa: string): string {
  return `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${lpa}`;
}

export function androidInstallUrl(lpa: string): string {
  return `https://esimsetup.android.com/esim_qrcode_provisioning?carddata=${lpa}`;
}
