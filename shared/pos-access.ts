import type { PosMethodNameList } from './pos-methods';

/**
 * Who may call each PosApi method: one table beside the contract. The core checks it on every call
 * (`electron/core/pos/dispatch.ts`), before it reads the input; the screens read it to ask for a
 * sign-in before anyone meets a refusal; docs/end-of-day.md prints it (a test keeps the two the
 * same). No zod here: the renderer imports this file.
 */

/** The levels, from anyone to a manager, each with what it asks of the caller. */
export const WHO = {
  /** Nobody need be signed in: what the counter shows before a sign-in, and signing in itself. */
  anyone: 'anyone',
  /** A live counter acts only with someone signed in; training may practise with nobody. */
  staff: 'someone signed in (in training, anyone)',
  /** The drawer's own records name the cashier at it, in training too. */
  signedIn: 'someone signed in, in training too',
  /** A manager's approval (name and PIN) or the manager PIN, sent with the call and recorded with it. */
  manager: "a manager's approval or the manager PIN, with the call",
} as const;
export type Who = keyof typeof WHO;

export interface Access {
  readonly who: Who;
  /** For a manager's action: the input field that carries the approval (`approval`) or the manager PIN (`pin`). */
  readonly carriedIn?: 'approval' | 'pin';
  /** What the core asks for besides, in some cases only (said in English for the docs). */
  readonly also?: string;
  /** The answer carries a manager's figures (`MANAGER_FIGURES`): a cashier's leaves them out. */
  readonly figures?: true;
}

/** What only a manager reads: what the provider charged, what the shop earned, the provider's balance. */
export const MANAGER_FIGURES = "cost, margin and the provider's balance bridge";

const anyone: Access = { who: 'anyone' };
const staff: Access = { who: 'staff' };
const signedIn: Access = { who: 'signedIn' };
const approved: Access = { who: 'manager', carriedIn: 'approval' };
const managerPin: Access = { who: 'manager', carriedIn: 'pin' };
const staffFigures: Access = { ...staff, figures: true };
const anyoneFigures: Access = { ...anyone, figures: true };
const approvedFigures: Access = { ...approved, figures: true };
/** The install codes' rule (docs/security.md), which every way a code leaves the core asks. */
const CODES =
  'the manager PIN to hand over an eSIM not installed yet, except to the cashier who made the sale within five minutes of it';

export const POS_ACCESS: { readonly [M in PosMethodNameList]: Access } = {
  getStatus: anyone,
  listPackages: anyoneFigures,
  syncCatalogue: staff,
  learnCountryPackages: staff,
  listBestSellers: anyone,
  getBalance: staff,
  sell: staffFigures,
  getSale: staffFigures,
  getSaleForHandOver: { ...staffFigures, also: CODES },
  listSales: staffFigures,
  resolveSale: staffFigures,
  resendSale: staffFigures,
  lookupEsim: staff,
  listTopUpPackages: staffFigures,
  topUp: staffFigures,
  getTopUp: staffFigures,
  decideTopUp: approvedFigures,
  listTopUps: staffFigures,
  listOrders: staffFigures,
  getPricing: anyone,
  setPricing: managerPin,
  getSettings: anyone,
  updateSettings: managerPin,
  setManagerPin: { ...anyone, also: 'the current manager PIN to change it' },
  verifyManagerPin: anyone,
  setCredentials: managerPin,
  clearCredentials: managerPin,
  joinShopLedger: managerPin,
  leaveShopLedger: managerPin,
  testConnection: { ...anyone, also: 'the manager PIN to test the stored credentials' },
  renderReceipt: { ...staff, also: CODES },
  listPrinters: anyone,
  printReceipt: { ...staff, also: CODES },
  saveReceiptPdf: { ...staff, also: CODES },
  getCustomerDisplay: anyone,
  setCustomerLanguage: anyone,
  clearCustomerDisplay: anyone,
  showAmountDueOnCustomerDisplay: anyone,
  showSaleOnCustomerDisplay: { ...staff, also: CODES },
  listCashiers: anyone,
  addCashier: approved,
  updateCashier: approved,
  checkApproval: approved,
  signIn: { ...anyone, also: 'the cashier’s own PIN' },
  signOut: anyone,
  getTill: anyone,
  getBusinessDay: staff,
  openShift: signedIn,
  moveCash: { ...signedIn, also: 'a manager’s approval for a pay-out above the limit or a cash refund' },
  noSale: signedIn,
  getXReport: staffFigures,
  countDrawer: signedIn,
  closeShift: {
    ...signedIn,
    figures: true,
    also: 'a reason and a manager’s approval for a variance above the tolerance, in the count closed on or in any count before it',
  },
  forceCloseShift: approved,
  countClosedShift: approved,
  correctShift: approved,
  getZReport: staffFigures,
  listShifts: staff,
  setExchangeRate: approved,
  updateEndOfDaySettings: approved,
  renderShiftReport: staffFigures,
  checkJournalChain: approved,
  getLostRecords: staffFigures,
  acknowledgeLostRecords: approvedFigures,
  reconcile: staffFigures,
  getReconciliation: staffFigures,
  renderReconciliationReport: staffFigures,
  resolveReconciliationException: approvedFigures,
  addProviderDeposit: approved,
  reconcileShop: approved,
  renderShopDayReport: approved,
  resolveShopException: approved,
  getOwnerView: { ...approved, also: "the ledger owner's login, for that read only" },
  setStaffAccess: { ...approved, also: "the ledger owner's login, for that change only" },
  checkCancelSale: staffFigures,
  cancelSale: approvedFigures,
  settleCancellation: staffFigures,
  checkGoodwillRefund: staff,
  goodwillRefund: approvedFigures,
  exportCsv: staff,
  exportAccountantPack: staff,
  getEsimCare: staff,
  exportDisputePack: staff,
};

/** Who is at the counter when a call comes: whether someone is signed in and a manager, and whether it trains. */
export interface Caller {
  readonly signedIn: boolean;
  readonly manager: boolean;
  readonly training: boolean;
}

/**
 * Whether a manager's figures are left out of this caller's answers: only a manager signed in reads
 * them, and nobody signed in on a training counter, which practises on the simulator's figures. A
 * live counter with nobody signed in shows what is on its screen to whoever stands there.
 */
export function figuresHidden(caller: Caller): boolean {
  return !caller.manager && (caller.signedIn || !caller.training);
}

/** Whether the method needs someone signed in before it can be called by this caller. */
export function signInNeeded(method: PosMethodNameList, caller: Omit<Caller, 'manager'>): boolean {
  const { who } = POS_ACCESS[method];
  if (caller.signedIn) return false;
  return who === 'signedIn' || (who === 'staff' && !caller.training);
}
