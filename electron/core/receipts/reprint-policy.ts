import { completedRecord, type ReceiptRecord } from './render-receipt';

/** Whether an eSIM's profile is on a phone, as far as the app knows. */
export type InstallState = 'installed' | 'not_installed' | 'unknown';

export interface InstallEvidence {
  /** The API's `esim_status`: New, Assigned (Not Installed), Installed, Active, Not Active. */
  readonly esimStatus?: string | null;
  /** The live status's `profile`: Enabled, Disabled, Not Installed. */
  readonly profile?: string | null;
}

const INSTALLED_PROFILES = ['enabled', 'disabled'];
const INSTALLED_STATUSES = ['installed', 'active'];
const NOT_INSTALLED = ['new', 'assigned (not installed)', 'not installed'];

/**
 * Reads the provider's statuses. An activation code installs once, so any sign that the profile
 * reached a phone (enabled or disabled, installed, active) means the QR no longer hands anything
 * over. "Not Active" says nothing about installation and stays unknown.
 */
export function installStateOf(evidence: InstallEvidence): InstallState {
  const profile = evidence.profile?.trim().toLowerCase() ?? null;
  const status = evidence.esimStatus?.trim().toLowerCase() ?? null;
  if ((profile && INSTALLED_PROFILES.includes(profile)) || (status && INSTALLED_STATUSES.includes(status))) {
    return 'installed';
  }
  if ((profile && NOT_INSTALLED.includes(profile)) || (status && NOT_INSTALLED.includes(status))) {
    return 'not_installed';
  }
  return 'unknown';
}

/**
 * How long after a sale its own cashier may reprint it without the manager: a paper jam or an empty
 * roll is found at once, while the customer is still at the counter.
 */
export const JAM_REPRINT_MS = 5 * 60_000;

/**
 * Whether a reprint is the jam case: the sale's own cashier (on a counter without sign-in, the counter
 * itself), within JAM_REPRINT_MS of the sale. The QR goes to the customer who just paid for it.
 */
export function isJamReprint(
  record: { readonly cashierId: string | null; readonly createdAt: string },
  cashierId: string | null,
  now: Date,
): boolean {
  const age = now.getTime() - Date.parse(record.createdAt);
  return record.cashierId === cashierId && age >= 0 && age <= JAM_REPRINT_MS;
}

export interface PrintHistory {
  /** Whether the original receipt was already issued (printed or saved as PDF). */
  readonly originalIssued: boolean;
  /** Copies issued so far. */
  readonly copies: number;
}

export type PrintDecision =
  | { readonly kind: 'original' }
  | {
      readonly kind: 'copy';
      readonly copyNumber: number;
      /** A reprinted QR hands the product over again while it is not installed. */
      readonly managerPinRequired: boolean;
      /** The ICCIDs whose install is not known: why the PIN is asked for. */
      readonly notKnownInstalled: readonly string[];
    };

/**
 * Decides what printing a receipt now is. There is one original; every later print, and every print
 * asked for as a reprint, is a copy, numbered, logged by the caller, and it needs the manager PIN
 * while any eSIM on it is not known to be installed, unless it is a jam reprint (see isJamReprint).
 * Top-up receipts carry no QR and need no PIN.
 */
export function decidePrint(
  record: ReceiptRecord,
  history: PrintHistory,
  installStates: ReadonlyMap<string, InstallState>,
  requestedCopy: boolean,
  jamReprint = false,
): PrintDecision {
  const completed = completedRecord(record);
  if (!history.originalIssued && !requestedCopy) return { kind: 'original' };
  const notKnownInstalled =
    completed.kind === 'sale'
      ? completed.sale.esims
          .map((esim) => esim.iccid)
          .filter((iccid) => (installStates.get(iccid) ?? 'unknown') !== 'installed')
      : [];
  return {
    kind: 'copy',
    copyNumber: history.copies + 1,
    managerPinRequired: notKnownInstalled.length > 0 && !jamReprint,
    notKnownInstalled,
  };
}
