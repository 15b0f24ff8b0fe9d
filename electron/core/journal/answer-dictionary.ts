/**
 * The preset deflate dictionary of the answers' bodies stored since version 21 (`deflate-d1`,
 * `deflate-base64-d1` in answers.ts): what the provider's answers look like, so that the words every
 * answer repeats (the API's keys, its fixed values, the install links' prefixes, a PNG's fixed bytes)
 * are coded as references into it. An order's answer with its QR code shrinks by about 450 bytes,
 * and with it the row that stores it fits three to a 4 KB page instead of two.
 *
 * A dictionary is part of the stored format: it is never changed. A better one is a new encoding
 * beside this one, and every body stored with this one is still read with it.
 *
 * Built from the shapes in the API's description, with no provider's own values (a host, a name):
 * deflate finds its matches wherever they are, so a provider that words its answers otherwise only
 * gains less. The commonest answer comes last, where references are shortest.
 */

/** An eSIM of an order's answer, as the description lists its fields. */
const ORDER_ESIM = {
  iccid: '89',
  lpaString: 'LPA:1$',
  qrCodeUrl: 'data:image/png;base64,',
  directAppleInstallUrl: 'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA:1$',
  directAndroidInstallUrl: 'https://esimsetup.android.com/esim_qrcode_provisioning?carddata=LPA:1$',
  status: 'New',
  imsi: null,
  msisdn: null,
  sim_status: 'AFFECTED',
  esim_status: 'New',
  profile_status: null,
  unlimited: false,
  total_volume: 1073741824,
  total_duration: 7,
  expired_time: '2026-01-01T00:00:00.000Z',
  isPending: false,
};

/** The answers whose bodies hold no data URL: stored as their own text (`deflate-d1`). */
const TEXT_ANSWERS = [
  {
    success: true,
    message: '',
    orderReference: 'ORD-20260101-',
    iccid: '89',
    packageName: '',
    newBalance: 0,
    currency: 'USD',
    status: 'completed',
    amount: 0,
    profit: 0,
    processing_time_ms: 0,
    esimData: { newTotalVolumeGB: 0, newRemainingVolumeGB: 0, expiredTime: '2026-01-01T00:00:00.000Z' },
  },
  { success: false, code: 'INSUFFICIENT_BALANCE', currentBalance: 0, requiredBalance: 0 },
  { success: false, message: 'Service temporarily unavailable' },
];

/** The answers that carry QR codes, as the container of packAnswerBody holds their text: escaped. */
const DATA_URL_ANSWERS = [
  {
    success: true,
    message: '',
    orderReference: 'ORD-20260101-',
    packageName: '',
    status: 'pending_details',
    amount: 0,
    isPending: true,
    esims: [],
  },
  {
    success: true,
    message: 'Order completed successfully',
    orderReference: 'ORD-20260101-',
    esimId: 1,
    packageName: '',
    newBalance: 0,
    currency: 'USD',
    lpaString: 'LPA:1$',
    qrCodeUrl: 'data:image/png;base64,',
    directAppleInstallUrl: ORDER_ESIM.directAppleInstallUrl,
    paymentMethod: 'balance',
    status: 'completed',
    amount: 0,
    profit: 0,
    final_price: 0,
    processing_time_ms: 0,
    esims: [ORDER_ESIM],
  },
];

/** A PNG's signature with the start of its header chunk, and its closing chunk: in every QR code. */
const PNG_START = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const PNG_END = Buffer.from('0000000049454e44ae426082', 'hex');

export const ANSWER_DICTIONARY_1 = Buffer.concat([
  PNG_END,
  PNG_START,
  ...TEXT_ANSWERS.map((answer) => Buffer.from(JSON.stringify(answer), 'utf8')),
  ...DATA_URL_ANSWERS.map((answer) =>
    Buffer.from(JSON.stringify({ text: JSON.stringify(answer), runs: [] }), 'utf8'),
  ),
]);
