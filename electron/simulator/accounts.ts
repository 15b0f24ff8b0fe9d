import type { Currency } from '../../shared/money';
import type { SimAccount } from './options';
import { derive, deriveCode } from './seed';

/** An account as seeded: credentials derived from the seed, never stored anywhere. */
export interface SeededAccount extends SimAccount {
  readonly label: string;
  readonly company: string | null;
  readonly apiKeyName: string;
  readonly openingBalanceMinor: number;
}

const DEFAULT_OPENING: Record<Currency, number> = { USD: 50_000, IQD: 750_000, EUR: 100_000 };

const SEEDED: readonly {
  label: string;
  kind: SimAccount['kind'];
  currency: Currency;
  company: string | null;
}[] = [
  { label: 'business-usd', kind: 'business', currency: 'USD', company: null },
  { label: 'business-iqd', kind: 'business', currency: 'IQD', company: null },
  { label: 'enterprise-eur', kind: 'enterprise', currency: 'EUR', company: 'Atlas Field Services GmbH' },
  { label: 'personal-usd', kind: 'personal', currency: 'USD', company: null },
];

export function accessCodeFor(seed: number, label: string): string {
  return `RT${deriveCode(seed, `access-code:${label}`, 14)}`;
}

function secretKeyFor(seed: number, label: string): string {
  return derive(seed, `secret-key:${label}`).toString('hex');
}

/**
 * The seeded accounts: business USD, business IQD, enterprise EUR and a personal (non-business) one.
 * The default account is the business account of the chosen currency (EUR: the enterprise one).
 */
export function seededAccounts(seed: number): readonly SeededAccount[] {
  return SEEDED.map((a) => ({
    kind: a.kind,
    currency: a.currency,
    accessCode: accessCodeFor(seed, a.label),
    secretKey: secretKeyFor(seed, a.label),
    label: a.label,
    company: a.company,
    apiKeyName: a.kind === 'personal' ? 'Personal key' : `Counter key (${a.label})`,
    openingBalanceMinor: DEFAULT_OPENING[a.currency],
  }));
}

export function defaultAccountFor(accounts: readonly SeededAccount[], currency: Currency): SeededAccount {
  const found = accounts.find((a) => a.currency === currency && a.kind !== 'personal');
  if (!found) throw new RangeError(`no seeded account in ${currency}`);
  return found;
}

/** Public view of an account: what the CLI prints and `startSimulator` returns. */
export function publicAccount(a: SeededAccount): SimAccount {
  return { kind: a.kind, currency: a.currency, accessCode: a.accessCode, secretKey: a.secretKey };
}
