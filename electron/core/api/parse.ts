import type { z } from 'zod';
import { isIssuedIccid } from '../../../shared/iccid';
import { formatLpa, type LpaParts, parseLpa } from '../../../shared/lpa';
import { type Currency, fromApiAmount, type Money, parseDecimalToMinor } from '../../../shared/money';
import type { ApiAmount, Fields } from './fields';

/**
 * A field of an answer that is missing, of the wrong type, or unusable. Thrown while converting an
 * answer; the client turns it into a BAD_RESPONSE naming the field.
 */
export class FieldProblem extends Error {
  override readonly name = 'FieldProblem';
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field || '(body)'}: ${problem}`);
  }
}

/** Validates an answer with a shared schema; the first issue names the field. Unknown extra fields pass. */
export function validate<S extends z.ZodType>(schema: S, json: unknown, prefix = ''): z.output<S> {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = [prefix, ...(issue?.path ?? []).map(String)].filter((part) => part !== '').join('.');
  throw new FieldProblem(path, issue?.message ?? 'invalid');
}

/** An API amount as Money, converted once (decimal text exactly); an amount that cannot be represented names its field. */
export function moneyOf(value: ApiAmount, currency: Currency, field: string): Money {
  const money = moneyOrNull(value, currency);
  if (!money) throw new FieldProblem(field, `not an amount of ${currency}: ${String(value)}`);
  return money;
}

/** An API amount as Money, or null when it cannot be represented. */
export function moneyOrNull(value: ApiAmount | null, currency: Currency | null): Money | null {
  if (value === null || currency === null) return null;
  if (typeof value === 'string') {
    const amount = parseDecimalToMinor(value, currency);
    return amount === null ? null : { amount, currency };
  }
  try {
    return { amount: fromApiAmount(value, currency), currency };
  } catch {
    return null;
  }
}

/**
 * The account currency, for amounts an answer gives without one (the order status record, a pending
 * result, the INSUFFICIENT_BALANCE figures): the currency the client last read, or one balance read.
 * Null when neither can be had: the amount is then reported as unknown, never as a failure.
 */
export type AccountCurrency = () => Promise<Currency | null>;

/**
 * Reads the amounts of one answer object in its own `currency`, or in the account currency when it
 * names none (asked for only if the object has an amount at all).
 */
export async function moneyReader(
  fields: Fields,
  keys: readonly string[],
  accountCurrency: AccountCurrency,
): Promise<(key: string) => Money | null> {
  const stated = fields.currency('currency');
  const needed = keys.some((key) => fields.amount(key) !== null);
  const currency = stated ?? (needed ? await accountCurrency() : null);
  return (key) => moneyOrNull(fields.amount(key), currency);
}

/**
 * An ICCID the provider issued, taken as it is (no check-digit test), or null when the field cannot
 * be one. Only text is taken: a JSON number cannot hold 19 or 20 digits exactly, so an ICCID sent as
 * a number has already lost some.
 */
export function iccidOrNull(fields: Fields, key: string): string | null {
  const value = fields.raw(key);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return isIssuedIccid(text) ? text : null;
}

/** The ICCID of an eSIM to hand over: required, so a field that cannot be one is named. */
export function issuedIccidOf(fields: Fields, key: string): string {
  const iccid = iccidOrNull(fields, key);
  if (iccid !== null) return iccid;
  const value = fields.raw(key);
  if (typeof value === 'number') throw fields.problem(key, 'a number, which cannot hold an ICCID exactly');
  throw fields.problem(key, typeof value === 'string' ? `not an ICCID: ${value}` : 'missing or not a text');
}

/** The field names an eSIM's install details go by in the API's answers. */
const LPA_KEYS = ['lpaString', 'lpa_string', 'lpa'] as const;
const SMDP_KEYS = ['smdp_address', 'smdpAddress'] as const;
const CODE_KEYS = ['activation_code', 'activationCode'] as const;

export interface Install extends LpaParts {
  readonly lpa: string;
}

/**
 * What installs an eSIM: its LPA string, or its SM-DP+ address and activation code, from which the
 * LPA is built (`LPA:1$<smdp>$<code>`). Either may also sit in `manual_installation`. `fallbackLpa`
 * is an LPA the answer gives elsewhere for this eSIM (an order's top-level `lpaString` is its first
 * eSIM's). Last, the LPA an install link of the eSIM carries. Missing or unusable, it names the LPA field.
 */
export function installOf(item: Fields, fallbackLpa: string | null = null): Install {
  const manual = item.object('manual_installation');
  const lpaKey = LPA_KEYS.find((key) => item.has(key));
  const lpaText = (lpaKey ? item.text(lpaKey) : null) ?? manual?.text('lpa_format') ?? fallbackLpa;
  const parsed = lpaText === null ? null : parseLpa(lpaText.trim());
  if (parsed?.ok) return { lpa: lpaText?.trim() ?? '', ...parsed.value };
  const smdp = firstText(item, SMDP_KEYS) ?? manual?.text('smdp_address') ?? null;
  const code = firstText(item, CODE_KEYS) ?? manual?.text('activation_code') ?? null;
  if (smdp !== null && code !== null) {
    const built = formatLpa({ smdpAddress: smdp.trim(), activationCode: code.trim() });
    const checked = parseLpa(built);
    if (checked.ok) return { lpa: built, ...checked.value };
  }
  const linked = linkedLpa(item);
  if (linked) return linked;
  const field = lpaKey ?? LPA_KEYS[0];
  if (parsed && !parsed.ok) throw item.problem(field, parsed.problem);
  throw item.problem(field, 'missing: no LPA string, nor an SM-DP+ address and activation code');
}

/** The install links answers give an eSIM, order results and the eSIM list spelling them differently. */
const INSTALL_LINK_KEYS = [
  'directAppleInstallUrl',
  'directAndroidInstallUrl',
  'direct_apple_installation_url',
  'direct_android_installation_url',
] as const;

/**
 * The LPA an eSIM's install link carries (`…/esim_qrcode_provisioning?carddata=LPA:1$…`): the
 * provider's own words for this eSIM, so an answer that left the LPA fields out but kept a link still
 * hands the eSIM over. Null when no link carries a readable LPA.
 */
function linkedLpa(item: Fields): Install | null {
  for (const key of INSTALL_LINK_KEYS) {
    const card = cardDataOf(item.text(key));
    const parsed = card === null ? null : parseLpa(card.trim());
    if (card !== null && parsed?.ok) return { lpa: card.trim(), ...parsed.value };
  }
  return null;
}

/** The link's `carddata` parameter, percent-decoded only: a `+` of an activation code stays a `+`. */
function cardDataOf(link: string | null): string | null {
  const raw = link === null ? undefined : /[?&]carddata=([^&#]*)/.exec(link.trim())?.[1];
  if (raw === undefined) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

function firstText(fields: Fields, keys: readonly string[]): string | null {
  for (const key of keys) {
    const text = fields.text(key);
    if (text !== null) return text;
  }
  return null;
}
