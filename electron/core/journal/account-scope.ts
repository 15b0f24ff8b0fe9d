import { createHash } from 'node:crypto';

/**
 * Which provider account a record belongs to: the mode and a fingerprint of the access code. Work that
 * sends anything (recovery, polling, in-doubt checks) only touches records of the account the counter
 * is connected to now: a training sale's key never goes to the live API, nor a live one to another
 * account, where the same key would place a new order instead of replaying the old one.
 */
export interface AccountScope {
  readonly training: boolean;
  readonly accountRef: string;
}

let lastRef: { readonly accessCode: string; readonly ref: string } | null = null;

/**
 * A one-way fingerprint of an access code: enough to tell accounts apart, useless as a credential.
 * Every record a sale writes names its account, so the last fingerprint is kept rather than hashed
 * again (a counter is connected to one account at a time).
 */
export function accountRefOf(accessCode: string): string {
  if (lastRef?.accessCode !== accessCode) {
    const ref = createHash('sha256').update(`esim-counter account\0${accessCode}`).digest('hex').slice(0, 16);
    lastRef = { accessCode, ref };
  }
  return lastRef.ref;
}

/** SQL condition for records of an account; rows from before account refs existed match on mode alone. */
export const IN_SCOPE = '(training = @training AND (account_ref IS NULL OR account_ref = @accountRef))';

export function scopeParams(scope: AccountScope): { training: number; accountRef: string } {
  return { training: scope.training ? 1 : 0, accountRef: scope.accountRef };
}
