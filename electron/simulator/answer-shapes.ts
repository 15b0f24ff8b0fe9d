/**
 * What every field of every successful answer is for, endpoint by endpoint: the one table the answer
 * styles read (docs/simulator.md, "Answer styles"). A field's role decides what the untidy style may
 * do with it; `essential` marks what the lean style keeps: only what money and the hand-over need.
 */

export type Role =
  /** Identifiers, codes, currency, LPAs, secrets and `success`: sent exactly as they are, in every style. */
  | 'key'
  /** An amount in the account currency: exact in every style (untidy may send it as decimal text). */
  | 'money'
  | 'number'
  | 'text'
  /** A time or date the description gives as ISO 8601. */
  | 'time'
  | 'flag'
  /** A value from a listed vocabulary; untidy may send `unlisted` instead. */
  | 'enum'
  | 'object'
  | 'list';

interface Common {
  readonly essential: boolean;
}

export type Field =
  | (Common & { readonly role: Exclude<Role, 'enum' | 'object' | 'list'> })
  | (Common & { readonly role: 'enum'; readonly unlisted: string })
  | (Common & {
      readonly role: 'object';
      readonly fields: Readonly<Record<string, Field>>;
      /** A field whose value names the record, so the untidy style varies each record in its own way. */
      readonly id?: string;
    })
  | (Common & { readonly role: 'list'; readonly of: Field });

export type ObjectField = Extract<Field, { role: 'object' }>;

const KEY: Field = { role: 'key', essential: false };
const MONEY: Field = { role: 'money', essential: false };
const NUMBER: Field = { role: 'number', essential: false };
const TEXT: Field = { role: 'text', essential: false };
const TIME: Field = { role: 'time', essential: false };
const FLAG: Field = { role: 'flag', essential: false };

function essential(field: Field): Field {
  return { ...field, essential: true };
}

function oneOf(unlisted: string): Field {
  return { role: 'enum', unlisted, essential: false };
}

function object(fields: Readonly<Record<string, Field>>, id?: string): ObjectField {
  return id === undefined
    ? { role: 'object', fields, essential: false }
    : { role: 'object', fields, essential: false, id };
}

function list(of: Field): Field {
  return { role: 'list', of, essential: false };
}

const holding = new WeakMap<Field, boolean>();

/** Whether the lean style keeps anything of this field (asked for every field of every answer, so kept). */
export function holdsEssential(field: Field): boolean {
  let holds = holding.get(field);
  if (holds === undefined) {
    holds =
      field.essential ||
      (field.role === 'object' && Object.values(field.fields).some(holdsEssential)) ||
      (field.role === 'list' && holdsEssential(field.of));
    holding.set(field, holds);
  }
  return holds;
}

const SUCCESS = essential(KEY);
const PAGINATION = object({ page: NUMBER, limit: NUMBER, total: NUMBER, total_pages: NUMBER });
/** A read endpoint's answer: `{success, data}`. */
const read = (data: Readonly<Record<string, Field>>): ObjectField =>
  object({ success: SUCCESS, data: essential(object(data)) });
/** A paginated list: its items (kept, even when empty) and the pagination object. */
const page = (name: string, item: ObjectField): ObjectField =>
  read({ [name]: essential(list(item)), pagination: PAGINATION });

const ESIM_STATUS = oneOf('RELEASED');
const ESIM_LABEL = oneOf('Provisioned');
const ORDER_STATUS = oneOf('processing');

/** The eSIM fields order results and order-list items share (besides the ICCID and the LPA). */
const ESIM_STATE = {
  imsi: TEXT,
  msisdn: TEXT,
  sim_status: TEXT,
  esim_status: ESIM_LABEL,
  profile_status: TEXT,
  unlimited: FLAG,
  total_volume: NUMBER,
  total_duration: NUMBER,
  expired_time: TIME,
};

const ORDER_ESIM = object(
  {
    iccid: essential(KEY),
    lpaString: essential(KEY),
    qrCodeUrl: TEXT,
    directAppleInstallUrl: TEXT,
    directAndroidInstallUrl: TEXT,
    status: ESIM_STATUS,
    ...ESIM_STATE,
    isPending: FLAG,
  },
  'iccid',
);

const ORDER_COMPLETED = object(
  {
    success: SUCCESS,
    message: TEXT,
    orderReference: essential(KEY),
    esimId: NUMBER,
    packageName: TEXT,
    newBalance: MONEY,
    currency: essential(KEY),
    // The primary eSIM's LPA again: `esims` carries every eSIM's.
    lpaString: KEY,
    qrCodeUrl: TEXT,
    directAppleInstallUrl: TEXT,
    paymentMethod: oneOf('wallet'),
    status: ORDER_STATUS,
    amount: MONEY,
    profit: MONEY,
    // The description: "`final_price` is what was charged".
    final_price: essential(MONEY),
    processing_time_ms: NUMBER,
    esims: essential(list(ORDER_ESIM)),
  },
  'orderReference',
);

const ORDER_PENDING = object(
  {
    success: SUCCESS,
    message: TEXT,
    orderReference: essential(KEY),
    packageName: TEXT,
    status: ORDER_STATUS,
    amount: MONEY,
    isPending: FLAG,
    // Always empty (`esims:[]`): the eSIMs come with the order status once provisioned.
    esims: list(object({})),
    note: TEXT,
    duplicate: FLAG,
  },
  'orderReference',
);

const ORDER_REPLAY = object(
  {
    success: SUCCESS,
    message: TEXT,
    duplicate: FLAG,
    orderReference: essential(KEY),
    esimId: NUMBER,
    packageName: TEXT,
    status: ORDER_STATUS,
    esims: essential(list(ORDER_ESIM)),
  },
  'orderReference',
);

const ORDER_STATUS_RECORD = object({
  success: SUCCESS,
  order: object(
    {
      id: NUMBER,
      packageName: TEXT,
      packageCode: KEY,
      // What a poll is for: it tells a pending order from a failed (refunded) or cancelled one.
      status: essential(ORDER_STATUS),
      orderReference: essential(KEY),
      paymentMethod: oneOf('wallet'),
      paymentStatus: oneOf('settled'),
      amount: MONEY,
      finalPrice: essential(MONEY),
      orderDate: TIME,
      esim: object({
        iccid: essential(KEY),
        lpaString: essential(KEY),
        status: ESIM_STATUS,
        imsi: TEXT,
        msisdn: TEXT,
        sim_status: TEXT,
        esim_status: ESIM_LABEL,
        profile_status: TEXT,
        qrCodeUrl: TEXT,
        directAppleInstallUrl: TEXT,
        directAndroidInstallUrl: TEXT,
        isPending: FLAG,
        unlimited: FLAG,
        totalVolume: NUMBER,
        totalDuration: NUMBER,
        expiredTime: TIME,
      }),
    },
    'orderReference',
  ),
});

const PACKAGE = object(
  {
    package_code: essential(KEY),
    name: TEXT,
    region: TEXT,
    type: oneOf('multi-country'),
    data_amount_gb: NUMBER,
    validity_days: NUMBER,
    cost: essential(MONEY),
    currency: essential(KEY),
    features: object({ voice_minutes: NUMBER, sms_count: NUMBER, is_rechargeable: FLAG }),
    is_unlimited: FLAG,
    has_voice: FLAG,
    has_sms: FLAG,
    countries: list(TEXT),
    locationNetworkList: list(
      object({
        locationName: TEXT,
        locationLogo: TEXT,
        operatorList: list(object({ operatorName: TEXT, networkType: TEXT })),
      }),
    ),
    networks: list(
      object({
        network_id: TEXT,
        network_name: TEXT,
        network_type: TEXT,
        country_code: TEXT,
        country_name: TEXT,
        country_iso2: TEXT,
        continent: TEXT,
        mcc_code: TEXT,
        mnc_code: TEXT,
      }),
    ),
    network_carrier: TEXT,
    has_5g: FLAG,
    has_hotspot: FLAG,
    can_extend: FLAG,
    is_recurring: FLAG,
    activation_policy: oneOf('on_install'),
  },
  'package_code',
);

const TOPUP_PACKAGE = object(
  {
    package_code: essential(KEY),
    name: TEXT,
    data_amount_gb: NUMBER,
    validity_days: NUMBER,
    cost: essential(MONEY),
    currency: essential(KEY),
    features: object({ is_rechargeable: FLAG }),
    is_unlimited: FLAG,
  },
  'package_code',
);

const TOPUP_RESULT = object(
  {
    success: SUCCESS,
    message: TEXT,
    orderReference: essential(KEY),
    // The eSIM the data went to.
    iccid: essential(KEY),
    packageName: TEXT,
    newBalance: MONEY,
    currency: essential(KEY),
    status: ORDER_STATUS,
    // A top-up result has no `final_price`: `amount` is what was charged.
    amount: essential(MONEY),
    profit: MONEY,
    processing_time_ms: NUMBER,
    esimData: object({ newTotalVolumeGB: NUMBER, newRemainingVolumeGB: NUMBER, expiredTime: TIME }),
  },
  'orderReference',
);

const USAGE_DATA = object({
  total_mb: NUMBER,
  used_mb: NUMBER,
  remaining_mb: NUMBER,
  usage_percentage: NUMBER,
  is_unlimited: FLAG,
});
const VALIDITY = object({ days: NUMBER, activated_at: TIME, expires_at: TIME, is_expired: FLAG });

const ESIM_LIST_ITEM = object(
  {
    id: NUMBER,
    iccid: essential(KEY),
    package_name: TEXT,
    package_code: KEY,
    countries: list(TEXT),
    status: ESIM_STATUS,
    data: USAGE_DATA,
    validity: VALIDITY,
    qr_code: TEXT,
    manual_installation: object({ smdp_address: KEY, activation_code: KEY, lpa_format: KEY }),
    direct_apple_installation_url: TEXT,
    direct_android_installation_url: TEXT,
    flag_url: TEXT,
    created_at: TIME,
    is_pending: FLAG,
    phone_number: TEXT,
    imsi: TEXT,
    sim_status: TEXT,
    esim_status: ESIM_LABEL,
    profile_status: TEXT,
  },
  'iccid',
);

const USAGE = read({
  esim: object({ iccid: essential(KEY), order_id: KEY, package_name: TEXT, status: ESIM_STATUS }),
  data: USAGE_DATA,
  validity: VALIDITY,
  history: list(object({ date: TIME, used_mb: NUMBER })),
});

const LIVE_STATUS = object({
  success: SUCCESS,
  message: TEXT,
  data: essential(
    object({
      iccid: essential(KEY),
      status: ESIM_STATUS,
      esim_status: ESIM_LABEL,
      smdp_status: TEXT,
      profile: oneOf('Pending'),
      unlimited: FLAG,
      last_network: object({
        operator: TEXT,
        mcc: TEXT,
        mnc: TEXT,
        country: TEXT,
        country_iso2: TEXT,
        connection_type: TEXT,
      }),
      device: object({ model: TEXT, imei: TEXT }),
      activation_date: TIME,
      last_usage_date: TIME,
      expiry_date: TIME,
      data_usage: object({ used_gb: NUMBER, total_gb: NUMBER, unlimited: FLAG }),
    }),
  ),
});

const NETWORK_EVENTS = read({
  iccid: essential(KEY),
  total_events: NUMBER,
  wrong_network_count: NUMBER,
  events: list(
    object({
      time: TIME,
      event_type: oneOf('detach'),
      req_type: TEXT,
      operator: TEXT,
      mcc: TEXT,
      mnc: TEXT,
      country: TEXT,
      country_iso2: TEXT,
      msisdn: TEXT,
      apn: TEXT,
      connection_type: TEXT,
      data_response: TEXT,
      is_allowed: FLAG,
    }),
  ),
});

const VOLUME = { data_mb: NUMBER, data_gb: NUMBER };
const USAGE_REPORT = read({
  iccid: essential(KEY),
  period_days: NUMBER,
  start_date: TIME,
  end_date: TIME,
  summary: object({
    total_data_mb: NUMBER,
    total_data_gb: NUMBER,
    avg_daily_mb: NUMBER,
    avg_daily_gb: NUMBER,
  }),
  daily_usage: list(object({ date: TIME, ...VOLUME })),
  by_country: list(
    object({
      country: TEXT,
      mcc: TEXT,
      ...VOLUME,
      operators: list(object({ operator: TEXT, mnc: TEXT, ...VOLUME })),
    }),
  ),
});

const SUSPEND_RESULT = object({
  success: SUCCESS,
  message: TEXT,
  data: essential(
    object({ iccid: essential(KEY), action: oneOf('resume'), esim_status: oneOf('Suspended') }),
  ),
});

const CANCEL_RESULT = object({
  success: SUCCESS,
  message: TEXT,
  data: essential(
    object(
      {
        order_reference: essential(KEY),
        total_esims: NUMBER,
        cancelled_esims: NUMBER,
        failed_esims: NUMBER,
        refunded_amount: essential(MONEY),
        currency: essential(KEY),
        // Whether the money is back on the balance now or follows later.
        refund_method: essential(oneOf('voucher')),
        balance_credited: FLAG,
        partial_cancellation: FLAG,
        cancel_results: list(
          object({ esimId: NUMBER, iccid: KEY, success: FLAG, refundAmount: MONEY }, 'iccid'),
        ),
      },
      'order_reference',
    ),
  ),
});

const SMS_RESULT = object({ success: SUCCESS, message: TEXT });

const WEBHOOK_SET = object({
  success: SUCCESS,
  // The secret is shown in this answer only: without it no delivery can be verified.
  webhook: object({ url: KEY, secret: essential(KEY), events: list(TEXT) }),
});

const WEBHOOK_READ = object({
  success: SUCCESS,
  // `url` says which configuration is on (`webhook` is null before the first PUT).
  webhook: object({ url: essential(KEY), events: list(TEXT), api_key_name: TEXT }),
  available_events: list(TEXT),
  recent_deliveries: list(
    object(
      {
        id: KEY,
        event: TEXT,
        url: TEXT,
        status: oneOf('retrying'),
        attempts: NUMBER,
        last_status_code: NUMBER,
        last_error: TEXT,
        created_at: TIME,
        last_attempt_at: TIME,
        next_attempt_at: TIME,
      },
      'id',
    ),
  ),
});

const ORDER_LIST = read({
  orders: essential(
    list(
      object(
        {
          id: NUMBER,
          order_reference: essential(KEY),
          package_name: TEXT,
          package_code: KEY,
          amount: MONEY,
          currency: KEY,
          status: ORDER_STATUS,
          flag_url: TEXT,
          created_at: TIME,
          esim: object({ iccid: KEY, ...ESIM_STATE }),
        },
        'order_reference',
      ),
    ),
  ),
  summary: object({ total_orders: NUMBER, total_revenue: MONEY }),
  pagination: PAGINATION,
});

const BALANCE = read({
  balance: essential(MONEY),
  currency: essential(KEY),
  source: oneOf('network'),
  account: TEXT,
  live: FLAG,
  as_of: TIME,
});

type Body = Readonly<Record<string, unknown>>;

/** POST /esims/order answers in three shapes: completed, pending (first answer or replay), replay. */
function orderAnswer(body: Body): ObjectField {
  if (body.isPending === true) return ORDER_PENDING;
  return body.duplicate === true ? ORDER_REPLAY : ORDER_COMPLETED;
}

const SHAPES: Readonly<Record<string, ObjectField | ((body: Body) => ObjectField)>> = {
  'GET /balance': BALANCE,
  'GET /esims/packages': page('packages', PACKAGE),
  'POST /esims/order': orderAnswer,
  'GET /esims/order': ORDER_STATUS_RECORD,
  'GET /topup/packages': page('packages', TOPUP_PACKAGE),
  'POST /topup/order': TOPUP_RESULT,
  'GET /esims': page('esims', ESIM_LIST_ITEM),
  'GET /esims/usage/query': USAGE,
  'POST /esims/status': LIVE_STATUS,
  'POST /esims/network-events': NETWORK_EVENTS,
  'POST /esims/usage-report': USAGE_REPORT,
  'POST /esims/suspend': SUSPEND_RESULT,
  'POST /esims/cancel': CANCEL_RESULT,
  'POST /esims/send-sms': SMS_RESULT,
  'PUT /webhooks': WEBHOOK_SET,
  'GET /webhooks': WEBHOOK_READ,
  'GET /orders': ORDER_LIST,
};

/** The shape of a successful answer of `METHOD /path`, chosen by the tidy body where one route has several. */
export function answerShape(route: string, body: Body): ObjectField | undefined {
  const shape = SHAPES[route];
  return typeof shape === 'function' ? shape(body) : shape;
}
