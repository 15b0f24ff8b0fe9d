/**
 * The errors the ledger's own checks raise (SQLSTATE codes of their own class, `SL`), so a counter
 * tells them from a broken connection and says what they mean.
 */
export const LEDGER_REFUSALS = {
  /** The ledger holds another link for this sequence number: two histories of one counter. */
  fork: 'SL001',
  /** A link arrived before the link it follows. */
  gap: 'SL002',
  /** A link's hash is not SHA-256 of the previous link's hash and its record. */
  hash: 'SL003',
  /** A link's record names another counter or sequence number, or has no kind or time. */
  columns: 'SL004',
  /** The role or counter is not one of the ledger's counters. */
  notCounter: 'SL005',
  /** A change to the shop's settings made from a version that is no longer the newest. */
  staleSettings: 'SL006',
} as const;

export type LedgerRefusal = keyof typeof LEDGER_REFUSALS;

/** Which of the ledger's own refusals an error from PostgreSQL is, or null for any other error. */
export function ledgerRefusalOf(error: unknown): LedgerRefusal | null {
  const code = (error as { code?: unknown } | null)?.code;
  const found = Object.entries(LEDGER_REFUSALS).find(([, value]) => value === code);
  return found ? (found[0] as LedgerRefusal) : null;
}
