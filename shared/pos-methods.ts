/**
 * The PosApi method names alone, without their schemas: the sandboxed preload builds `window.pos`
 * from this list and must not bundle zod. pos-api.ts checks at compile time that both lists agree.
 */
export const POS_METHOD_NAMES = [
  'getStatus',
  'listPackages',
  'syncCatalogue',
  'listBestSellers',
  'getBalance',
  'sell',
  'getSale',
  'listSales',
  'resolveSale',
  'lookupEsim',
  'listTopUpPackages',
  'topUp',
  'getTopUp',
  'listTopUps',
  'listOrders',
  'getPricing',
  'setPricing',
  'getSettings',
  'updateSettings',
  'setManagerPin',
  'verifyManagerPin',
  'setCredentials',
  'clearCredentials',
  'testConnection',
  'renderReceipt',
  'listPrinters',
  'printReceipt',
  'saveReceiptPdf',
  'getCustomerDisplay',
  'setCustomerLanguage',
  'clearCustomerDisplay',
  'listCashiers',
  'addCashier',
  'updateCashier',
  'signIn',
  'signOut',
  'getTill',
  'openShift',
  'moveCash',
  'noSale',
  'getXReport',
  'countDrawer',
  'closeShift',
  'forceCloseShift',
  'countClosedShift',
  'correctShift',
  'getZReport',
  'listShifts',
  'setExchangeRate',
  'updateEndOfDaySettings',
  'renderShiftReport',
  'checkJournalChain',
] as const;

export type PosMethodNameList = (typeof POS_METHOD_NAMES)[number];

/** IPC channel names between preload and main. */
export const IPC_CALL = 'pos:call';
export const IPC_EVENT = 'pos:event';
