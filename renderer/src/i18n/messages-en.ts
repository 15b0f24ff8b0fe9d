import { counterWords } from '../../../shared/counter-words';
import type { StartStep } from '../../../shared/domain/start-progress';
import type { ShopLedgerProblem, Status, StorageTrouble } from '../../../shared/domain/status';
import { LANGUAGE_NAMES } from '../devices/device-text';
import { integer } from './format';
import { counted, SECONDS } from './plural';

/**
 * Every word the counter shows, in English. `messages-ar.ts` must give the same keys (the type
 * says so); values that take arguments are functions so word order can differ between languages.
 */
const EN_WORDS = counterWords('en');

export const en = {
  appName: 'eSIM Counter',
  languageName: LANGUAGE_NAMES.en,
  switchLanguage: LANGUAGE_NAMES.ar,
  switchLanguageLabel: 'Switch to Arabic',
  training: 'Practice mode: no real sales, no real money',
  balance: 'Balance',
  balanceLow: 'Low balance',
  balanceUnknown: 'Balance not known yet',
  enterprise: (account: string) => `Enterprise account: ${account}`,
  enterpriseAsOf: (when: string, live: boolean) => (live ? `live, ${when}` : `cached, ${when}`),
  connection: {
    online: 'Online',
    degraded: 'Degraded: the provider is slow or failing',
    offline: 'Offline: the provider is not answering',
    unknown: 'Connecting…',
  } satisfies Record<Status['connection'], string>,
  hostLost: 'Counter service not reachable: reconnecting…',
  clock: 'Clock',
  clockSkew: (seconds: number) =>
    counted('en', seconds, {
      one: 'Clock differs from the provider by # second: ask the manager',
      other: 'Clock differs from the provider by # seconds: ask the manager',
    }),
  noPinYet: 'No manager PIN yet: choose one in Settings (F8).',
  storageTrouble: {
    busy: 'Journal locked by another program: sales cannot be recorded. Close it or call support.',
    full: 'Disk full: sales cannot be recorded. Free some space or call support.',
    readonly: 'Disk read-only: sales cannot be recorded. Call support.',
    io: 'Disk failing: sales cannot be recorded. Call support.',
    corrupt: 'Journal damaged: sales cannot be recorded. Call support.',
  } satisfies Record<StorageTrouble, string>,
  storageUnsaved: (count: number) =>
    counted('en', count, { one: '# answer waits to be recorded.', other: '# answers wait to be recorded.' }),
  shopLedger: {
    upToDate: 'Shop ledger: up to date',
    connecting: 'Shop ledger: connecting…',
    sending: (count: number) =>
      counted('en', count, { one: 'Shop ledger: sending # record', other: 'Shop ledger: sending # records' }),
    notSyncedSince: (time: string, count: number) =>
      `Shop ledger: not synced since ${time} (${counted('en', count, { one: '# record waiting', other: '# records waiting' })})`,
    unreachable: 'Shop ledger: unreachable',
    refused: 'Shop ledger: refuses this counter (see Settings)',
    /** In the confirm steps, while the counter cannot know that it sells at the shop's prices. */
    pricesUnknown: (version: string, since: string | null) =>
      `Prices and rate as this counter last had them (version ${version}): the shop ledger has not answered since ${since ?? 'this counter started'}. The shop's may have changed.`,
    pricesNewer: (shop: string, mine: string) =>
      `The shop's prices are newer (version ${shop}) than this counter can read (version ${mine}): update the app on this counter.`,
    problems: {
      fork: "The shop ledger holds other records under this counter's numbers (its journal was restored from a backup or copied). Nothing was overwritten; call support.",
      behind:
        'The shop ledger holds records this counter no longer has (its journal was restored from an older backup). Call support.',
      credentials: 'The shop ledger refused the login. A manager joins this counter again.',
      tls: "The shop ledger's certificate is not the one the address says to trust.",
      ledger_newer: 'The shop ledger was updated by a newer version of the app. Update this counter.',
      ledger_older:
        "This counter's version needs the shop ledger updated: a manager joins again with the ledger owner's login.",
      not_joined: 'The shop ledger no longer knows this counter. A manager joins it again.',
      code_taken: 'Another counter of this shop has this code. Choose another code.',
      other_shop: 'This counter already belongs to another shop in the ledger.',
      not_owner: "This login may not add counters. Give the ledger owner's name and password.",
    } satisfies Record<ShopLedgerProblem, string>,
  },
  lostRecords: (orders: number | null) =>
    orders === null
      ? 'The journal was brought back: it lacks its last records. The provider orders are being read; a manager looks at them on the Shift screen.'
      : counted('en', orders, {
          one: 'The journal was brought back: # provider order may be one of its lost records. A manager looks at it on the Shift screen.',
          other:
            'The journal was brought back: # provider orders may be its lost records. A manager looks at them on the Shift screen.',
        }),
  catalogueNotOffered: (count: number) =>
    counted('en', count, {
      one: '# package could not be read and is not offered',
      other: '# packages could not be read and are not offered',
    }),
  lowBalanceNotice: (balance: string, threshold: string | null) =>
    `The provider balance is low: ${balance} left${threshold ? ` (warning below ${threshold})` : ''}. Ask the manager to load the account before the next sales; a sale above the balance is refused.`,
  providerWords: {
    esimStatus: {
      NEW: 'Not installed yet',
      ACTIVE: 'Active',
      IN_USE: 'In use',
      EXPIRED: 'Expired',
      USED_EXPIRED: 'Used up and expired',
      CANCELLED: 'Cancelled',
      DEPLETED: 'Data used up',
      DELETED: 'Deleted from the phone',
      SUSPENDED: 'Suspended',
    },
    unknown: (word: string) => `“${word}” (the provider's word)`,
  },
  loading: 'Loading…',
  retry: 'Try again',
  close: 'Close',
  cancel: 'Cancel',
  back: 'Back',
  amount: EN_WORDS.amount,
  status: 'Status',
  note: 'Note',
  managerPin: 'Manager PIN',
  dismiss: 'Dismiss',
  show: 'Show',
  notices: 'Notices',

  starting: {
    opening: 'The counter is starting…',
    title: 'The counter is updating its journal',
    why: 'This happens once after an update. Sales wait until it is done; nothing is lost.',
    step: {
      copy: 'Keeping a copy of the journal',
      update: 'Updating the journal',
      finish: 'Saving the update',
    } satisfies Record<StartStep, string>,
    stepOf: (step: number, steps: number) => `Step ${integer(step, 'en')} of ${integer(steps, 'en')}`,
    progress: 'Progress',
    left: (duration: string) => `About ${duration} left`,
    leftUnknown: 'Estimating the time left…',
  },

  nav: {
    label: 'Screens',
    sell: 'Sell',
    topUp: 'Top-up',
    pending: 'Pending',
    shift: EN_WORDS.shift,
    today: 'Today',
    settings: 'Settings',
  },
  shortcuts: {
    label: 'Keyboard shortcuts',
    search: 'Search',
    choose: 'Choose',
    select: 'Select / confirm',
    back: 'Back / cancel',
    language: 'Language',
  },

  sell: {
    title: 'Sell an eSIM',
    search: 'Search destinations',
    searchHint: 'Country, ISO code, region or "global"',
    filters: 'Filters',
    type: 'Type',
    types: { all: 'All', local: 'Local', regional: 'Regional', global: 'Global', enterprise: 'Enterprise' },
    data: EN_WORDS.data,
    dataAny: 'Any data',
    dataAtLeast: (gb: string) => `${gb} or more`,
    unlimited: EN_WORDS.unlimited,
    validity: EN_WORDS.validity,
    validityAny: 'Any validity',
    validityAtLeast: (days: string) => `${days} or more`,
    sort: 'Sort',
    sorts: {
      relevance: 'Best match',
      price: EN_WORDS.price,
      data: EN_WORDS.data,
      validity: EN_WORDS.validity,
    },
    results: 'Packages',
    resultCount: (count: number) => counted('en', count, { one: '# package', other: '# packages' }),
    destinationsFound: 'Destinations',
    noResults: 'No package for this search. Try the country in another language, its code, or a region.',
    askingProvider: (country: string) => `Asking the provider which packages cover ${country}…`,
    showMore: (count: number) => counted('en', count, { other: 'Show more (# left)' }),
    quickPicks: 'Quick picks',
    bestSellers: "This week's best sellers",
    catalogueEmpty: 'The catalogue is empty. Sync it to sell.',
    catalogueLoading: 'Fetching the catalogue from the provider… searches work as soon as it arrives.',
    catalogueProgress: (packages: number, total: number | null, etaSeconds: number | null) =>
      `Fetching the catalogue: ${
        total === null
          ? counted('en', packages, { one: '# package', other: '# packages' })
          : `${integer(packages, 'en')} of ${counted('en', total, { one: '# package', other: '# packages' })}`
      } so far${
        etaSeconds === null ? '' : `, about ${counted('en', etaSeconds, SECONDS('en'))} left`
      }. Searches work as soon as it arrives.`,
    catalogueFailed: 'The catalogue could not be fetched from the provider:',
    catalogueRetryAt: (when: string) =>
      `The counter tries again by itself at ${when}, or press Sync catalogue.`,
    catalogueRetryManual: 'Press Sync catalogue to try again.',
    syncCatalogue: 'Sync catalogue',
    syncing: 'Syncing…',
    catalogueAge: (when: string) => `Catalogue synced ${when}`,
    coverage: EN_WORDS.coverage,
    countries: (count: number) => counted('en', count, EN_WORDS.countries),
    voice: (minutes: number) => counted('en', minutes, { one: 'Voice # minute', other: 'Voice # minutes' }),
    voiceYes: 'Voice',
    sms: (count: number) => counted('en', count, { other: '# SMS' }),
    smsYes: 'SMS',
    fiveG: '5G',
    hotspot: 'Hotspot',
    dataOnly: 'Data only',
    dataNotStated: 'Data not stated',
    validityNotStated: 'Validity not stated',
    coverageNotStated: 'Coverage not stated',
    typeNotStated: 'Type not stated',
    selected: 'Selected package',
    chooseHint: 'Type a destination, move with ↑ ↓ and press Enter to choose a package.',
    quantity: 'Quantity',
    quantityHint: '1 to 10 eSIMs',
    total: EN_WORDS.total,
    sellButton: 'Sell',
    confirmTitle: 'Confirm the sale',
    confirmLine: (quantity: string, name: string) => `${quantity} × ${name}`,
    unitPrice: 'Price each',
    toCharge: 'To take from the customer',
    confirmButton: 'Confirm sale',
    sending: 'Selling… the answer can take a few seconds. Do not sell it again.',
    sendingFor: (elapsed: string) => `Waiting for the provider: ${elapsed}`,
    continueWaiting: 'Continue: the sale waits in Pending',
    /** Warnings in the confirm step, before anything is sent. */
    warnings: 'Before you confirm',
    warnBalance: (balance: string) =>
      `The account holds ${balance}, less than this sale costs: ask the manager to load the account.`,
    warnOffline: 'The provider is not answering: the sale may not go through, or its answer may come late.',
    warnDegraded:
      'The provider is slow or failing right now: the answer may come late. If it does, the sale waits in Pending; do not sell it again.',
    warnAtCost: 'No markup applies to this package: it is sold at cost, with no margin.',
    newSale: 'New sale',
    completed: 'Sale complete',
    receiptNo: (n: string) => `Receipt ${n}`,
    esimHeading: EN_WORDS.esimOf,
    qrAlt: 'eSIM QR code',
    smdp: EN_WORDS.smdpAddress,
    activationCode: EN_WORDS.activationCode,
    iccid: 'ICCID',
    showEsims: (count: number) =>
      counted('en', count, { one: 'Show the QR code (# eSIM)', other: 'Show the QR codes (# eSIMs)' }),
    iphoneInstall: 'Install on iPhone',
    androidInstall: 'Install on Android',
    newBalance: 'New balance',
    printReceipt: 'Print receipt',
    printCopy: 'Print a copy',
    showCustomer: 'Show on the customer display',
    reprintPinWhy:
      'This copy prints a QR code that is not installed yet: it would hand the eSIM over again, so the manager must allow it. (The cashier who sold it can reprint it without the PIN within five minutes of the sale.)',
    handOverPinWhy:
      'These QR codes hand over an eSIM that is not installed yet, away from its sale: the manager must allow it. (The cashier who made the sale can show them without the PIN within five minutes of it.)',
    choosePinWhy:
      'No manager PIN is set on this counter yet. Manager: choose one now (4 to 8 digits); it will guard reprints and Settings.',
    pendingTitle: 'Paid, the provider is preparing the eSIM',
    pendingBody:
      'The order is paid and will complete by itself. Do not sell it again. The QR code appears here (and in Pending) when it is ready.',
    waiting: (elapsed: string) => `Waiting ${elapsed}`,
    nextCheck: (when: string) => `Next check at ${when}`,
    giveUp: (when: string) => `If not ready by ${when}, it goes to provider support`,
    inDoubtTitle: "The provider's answer was lost",
    inDoubtBody:
      "The customer has paid. We are confirming with the provider whether the eSIM was made: press Check now to read the provider's records (the counter reads them by itself only when it starts). Do not sell it again.",
    inDoubtSay:
      'Tell the customer: “Your payment is recorded. The provider has not confirmed your eSIM yet; we are checking now and you will not pay twice. Please wait a few minutes.”',
    checkNow: 'Check now',
    esimsNamed: (count: number, shown: string) =>
      `The provider's answer, which the counter could not read, named ${count === 1 ? '1 eSIM' : `${shown} eSIMs`}. Their QR codes appear here once the order is confirmed.`,
    iccidNotGiven: 'ICCID not given',
    supportTitle: 'Handed to provider support',
    supportBody: (reference: string) =>
      `The provider took too long. Call support with order reference ${reference}. Do not sell it again.`,
    failedTitle: 'Sale failed: nothing was charged',
    lostTitle: 'No answer from the counter service',
    lostBody: 'The sale may have gone through. Look in Pending (F4) and Today (F7) before selling again.',
  },

  find: {
    readAs: (typed: string, meant: string) => `"${typed}" read as ${meant}`,
    fromSearch: 'From the search',
    or: ' or ',
    activation: 'Validity starts',
    activationPolicy: {
      first_use: 'At first use: the days count from when it first connects abroad',
      immediate: 'At purchase: the days count from today',
      unknown: 'Not stated by the provider',
    },
    countryList: 'Countries',
    networks: 'Networks',
    networksNotStated: 'Not stated by the provider',
    packageCode: 'Package code',
    sameName: 'Other packages have this name: compare networks, 5G and price.',
    networksShort: (names: string) => `Networks: ${names}`,
    quantityTooMany: (max: string) => `At most ${max} eSIMs in one sale. Sell the others in another sale.`,
    quantityTooFew: (min: string) => `At least ${min} eSIM.`,
    counterLanguage: 'Counter language (yours)',
    printKey: 'Print receipt',
    repeatOf: (when: string, state: string) => `Earlier top-up of this eSIM: at ${when}, ${state}.`,
    repeatAtCounter: (code: string, when: string, state: string) =>
      `Earlier top-up of this eSIM at counter ${code}: at ${when}, ${state}.`,
  },

  topUp: {
    title: 'Top up an eSIM',
    iccid: 'ICCID',
    iccidHint: 'Scan the barcode or type the 19 or 20 digits, then Enter',
    lookUp: 'Look up',
    looking: 'Looking up…',
    digits: (count: number) => counted('en', count, { one: '# digit', other: '# digits' }),
    problems: {
      empty: '',
      not_digits: 'Digits only',
      too_short: 'Too short: an ICCID has 19 or 20 digits',
      too_long: 'Too long: an ICCID has 19 or 20 digits',
      check_digit: 'Check digit wrong: mistyped or misscanned. Scan again.',
    },
    valid: 'Valid ICCID',
    checkTheNumber:
      'Check the number: if it is right, look it up anyway (some eSIMs carry a number that fails the check).',
    lookUpAnyway: 'Look it up anyway',
    esim: 'eSIM',
    package: EN_WORDS.package,
    status: 'Status',
    used: 'Used',
    remaining: 'Remaining',
    usage: (used: string, total: string, pct: string) => `${used} of ${total} (${pct})`,
    expires: 'Expires',
    expired: 'Expired',
    notReported: 'not reported',
    notToppable: 'This eSIM cannot be topped up now',
    options: 'Top-up packages',
    noOptions: 'The provider offers no top-up for this eSIM.',
    /** Said before an option's own words, by a screen reader only: its name then holds what is seen. */
    chooseLead: 'Top up with',
    confirmTitle: 'Confirm the top-up',
    confirmButton: 'Confirm top-up',
    sending: 'Topping up… do not send it again.',
    repeatTitle: 'This eSIM was topped up a few minutes ago',
    repeatBody: 'Top it up again only if the customer asks for a second top-up.',
    repeatButton: 'Top up again',
    uncheckedTitle: 'Other counters cannot be checked right now',
    uncheckedBody:
      'The shop ledger cannot be reached, so this counter cannot see whether another counter topped up this eSIM in the last 10 minutes. Ask the customer, and top it up only if they want this top-up.',
    completed: 'Top-up complete',
    newVolume: EN_WORDS.dataNow,
    newVolumeValue: (total: string, remaining: string) => `${remaining} left of ${total}`,
    newVolumeTotalOnly: (total: string) => `${total} in all; what is left not reported`,
    newVolumeLeftOnly: (remaining: string) => `${remaining} left; the total not reported`,
    newExpiry: 'New expiry',
    inDoubtTitle: 'The top-up could not be confirmed',
    inDoubtBody:
      "The provider's answer was lost. The top-up was sent once and is never sent again. The provider's records cannot show whether it went through: another top-up of this eSIM looks the same. A manager decides from the provider's orders. Do not top up again.",
    inDoubtSay:
      'Tell the customer: “We could not confirm your top-up yet. Your payment is recorded; a manager will check it with the provider. If it did not go through, you get your money back. Please do not top up again meanwhile.”',
    another: 'New top-up',
  },

  pending: {
    title: 'Pending and in-doubt sales',
    empty: 'Nothing is waiting.',
    receipt: EN_WORDS.receipt,
    package: EN_WORDS.package,
    quantity: 'Qty',
    state: 'State',
    waiting: 'Waiting',
    next: 'What happens next',
    nextPending: (when: string, giveUp: string) => `Checked again at ${when}; to support at ${giveUp}`,
    nextInDoubt:
      "Answer lost, customer paid: press Check now to read the provider's records. Send again only if they show no order and the customer still wants it.",
    sendAgain: 'Send again',
    sendAgainTitle: 'Send this sale again?',
    sendAgainFacts: (when: string, amount: string, what: string) =>
      `Sold at ${when} for ${amount} (${what}).`,
    sendAgainWarning:
      'If the first send never reached the provider, sending it now places the order and charges the account. If it did, the provider answers with that order and charges nothing.',
    sendAgainButton: 'Send it again',
    sendingAgain: 'Sending… do not send it again.',
    nextSupport: (reference: string) => `Call provider support, reference ${reference}`,
    nextSent: 'Waiting for the answer',
    nextIntent: 'Never sent: cleared at the next start',
    open: 'Open',
    ready: (receipt: string, name: string) => `Sale ${receipt} is ready: ${name}`,
    failedNotice: (receipt: string) => `Sale ${receipt} failed: nothing was charged`,
    topUpsTitle: 'Top-ups in doubt',
  },

  states: EN_WORDS.saleStates,

  today: {
    title: "Today's sales",
    search: "Search today's sales",
    searchHint: 'Receipt, package or ICCID',
    day: 'Day',
    /** The day picked, spelled, with its hours when the shop's days do not end at midnight (`clockTime`). */
    dayRuns: (day: string, cutOff: string) => `${day}, from ${cutOff} to ${cutOff} the next day`,
    empty: 'No sales yet today.',
    time: 'Time',
    receipt: EN_WORDS.receipt,
    package: EN_WORDS.package,
    quantity: 'Qty',
    amount: EN_WORDS.amount,
    state: 'State',
    totals: (count: number, amount: string) =>
      `${counted('en', count, { one: '# sale completed', other: '# sales completed' })}, ${amount}`,
    /** Said after the totals when the provider cancelled sales of the day: the takings are net of the cash given back. */
    netOfRefunds: (count: number, refunded: string) =>
      `net of ${refunded} given back for ${counted('en', count, { one: '# cancelled sale', other: '# cancelled sales' })}`,
    details: 'Sale details',
    /** A search at a counter in a shop while the shop ledger cannot be read. */
    otherCountersUnreachable:
      "The shop ledger cannot be reached: only this counter's sales and top-ups are listed.",
    /** Another counter's sale: activation codes stay at the counter that sold it. */
    soldElsewhere: (code: string) =>
      `Sold at counter ${code}. Its receipt and QR code are printed again only there, at the counter that sold it.`,
    topUps: "Today's top-ups",
    topUpsEmpty: 'No top-ups yet today.',
    iccid: 'ICCID',
    /** The state of another counter's top-up a search found, naming the counter that made it. */
    toppedUpAt: (state: string, code: string) => `${state}, at counter ${code}`,
  },

  setup: {
    title: 'First start',
    intro:
      'Set up this counter once, step by step. Each step is saved at once; you can stop and come back. The counter sells in training meanwhile.',
    progress: (done: number, total: number) =>
      `${integer(done, 'en')} of ${counted('en', total, { one: '# step', other: '# steps' })} done`,
    reminder: (left: number) =>
      `This counter is not set up yet: ${counted('en', left, { one: '# step', other: '# steps' })} left.`,
    open: 'Continue setup',
    later: 'Later: practise in training',
    finished: 'The counter is set up. Every setting stays in Settings.',
    close: 'Close',
    stepsLabel: 'Setup steps',
    done: 'done',
    toDo: 'to do',
    steps: {
      pin: 'Manager PIN',
      shop: 'Shop name and receipt header',
      markup: 'Default markup',
      printing: 'Paper width and printer',
      drawer: 'Drawer currencies and exchange rate',
      mode: 'Training or live',
    },
    pinSet: 'The manager PIN is set. Change it in Settings.',
    shopNameMissing: 'Enter the shop name: it heads every receipt.',
    saveStep: 'Save and continue',
    drawerBody:
      "Tick each currency the drawer takes and choose the one prices are asked in. A shop that takes dinars sets today's rate here too, as people say it: 1 USD = 1,460 IQD.",
    markupPercent: 'Markup on every package (%)',
    markupHint: 'For example 20. 0 sells at cost; rules per package or region are in Settings.',
    markupInvalid: 'Enter the markup as a percentage, such as 20 or 12.5.',
    modeBody:
      'Training sells from a practice account: no real eSIM, no real money. To sell for real, enter the provider credentials below.',
    stayTraining: 'Stay in training for now',
    liveDone: 'Selling live: finish',
  },
  settings: {
    title: 'Settings',
    locked: 'Settings need the manager PIN.',
    pin: 'Manager PIN',
    pinHint: '4 to 8 digits',
    unlock: 'Unlock',
    lock: 'Lock settings',
    choosePinTitle: 'Choose the manager PIN',
    choosePinBody: 'The manager PIN protects settings, prices and credentials. It is stored only as a hash.',
    newPin: 'New manager PIN',
    confirmPin: 'Repeat the PIN',
    pinsDiffer: 'The two PINs differ',
    pinFormat: 'The PIN must be 4 to 8 digits',
    choosePin: 'Save PIN',
    changePin: 'Change PIN',
    pinChanged: 'PIN changed',
    shop: 'Shop and receipt',
    shopName: 'Shop name',
    shopAddress: 'Shop address',
    shopPhone: 'Shop phone',
    receiptFooter: 'Receipt footer',
    printing: 'Printing',
    printerName: 'Printer name',
    printerDefault: 'System default',
    paperWidth: 'Paper width',
    paperMm: (mm: string) => `${mm} mm`,
    autoPrint: 'Print a receipt after each sale',
    language: 'Counter language',
    lowBalance: 'Low-balance warning below',
    lowBalanceNone: 'Leave empty for no warning',
    lockAfter: 'Lock the counter after this many minutes idle',
    lockAfterHint: '0 never locks',
    lockAfterInvalid: 'Lock the counter after: enter whole minutes from 0 to 480.',
    pinned: 'Quick picks (package codes, one per line)',
    api: 'Provider API',
    apiBaseUrl: 'API base URL',
    apiBaseUrlHint: "https://, the provider's host, then /api/v1/business (the provider gives the address)",
    save: 'Save settings',
    saved: 'Settings saved',
    mode: (mode: string) => `Mode: ${mode}`,
    modes: { training: 'Training (simulator)', live: 'Live' } satisfies Record<Status['mode'], string>,
    credentials: 'API credentials',
    credentialsStored: (masked: string) => `Stored in the OS keychain: ${masked}`,
    credentialsNone: 'No credentials stored',
    keychainMissing: {
      'not-answering':
        'No OS keychain answers (on Linux, a Secret Service such as GNOME Keyring must run and be unlocked): credentials cannot be stored on this computer. Training mode works meanwhile.',
      'library-missing':
        'The OS keychain library is not installed (on Linux, libsecret): credentials cannot be stored on this computer. Install it and restart the app; training mode works meanwhile.',
    },
    accessCode: 'Access code',
    secretKey: 'Secret key',
    testConnection: 'Test connection',
    testing: 'Testing…',
    testOk: (server: string, balance: string, latency: string) =>
      `Connected: ${server} answered. Balance ${balance}, answer in ${latency} ms`,
    saveCredentials: 'Save credentials',
    clearCredentials: 'Remove credentials',
    credentialsSaved: 'Credentials saved',
    credentialsCleared: 'Credentials removed',
    shopLedger: {
      title: 'Shop ledger',
      intro:
        'The counters of one business publish their records to one PostgreSQL database, the shop ledger. The counter keeps selling when it cannot reach it, and sends what waits when it can.',
      off: 'This counter works on its own: it has joined no shop ledger.',
      joined: (shop: string, code: string, name: string) =>
        `Joined the shop ${shop} as counter ${code} (${name}).`,
      address: 'Ledger address',
      addressHint:
        'postgres://host:5432/database; for TLS add ?sslmode=verify-full&sslrootcert=/path/to/ca.pem',
      ownerName: "Ledger owner's name",
      ownerPassword: "Ledger owner's password",
      ownerHint: 'Used once, to join; never kept. The counter gets a login of its own.',
      shop: 'Shop',
      counterName: 'Counter name',
      counterCode: 'Counter code',
      counterCodeHint: '1 to 6 letters or digits, unique in the shop, printed on receipts',
      join: 'Join the shop ledger',
      joinAgain: 'Join again',
      joining: 'Joining…',
      leave: 'Leave the shop ledger',
    },
    shopLedgerJoined: 'Joined the shop ledger',
    shopLedgerLeft: 'Left the shop ledger',
    pricing: 'Retail prices',
    rule: 'Rule',
    scope: 'Applies to',
    scopes: { all: 'All packages', type: 'Type', region: 'Region', package: 'Package code' },
    markup: 'Markup',
    markupPercent: 'Percent',
    markupFixed: 'Fixed amount',
    addRule: 'Add rule',
    removeRule: 'Remove rule',
    rounding: (currency: string) => `Round ${currency} prices up to a multiple of`,
    savePricing: 'Save prices',
    pricingSaved: 'Prices saved',
    invalidAmount: (field: string) => `${field}: not a valid amount`,
  },
};

export type Messages = typeof en;
