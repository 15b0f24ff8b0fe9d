import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ANSWER_ENCODINGS_OF_V11, answerBodyText, packAnswerBody } from '../../electron/core/journal/answers';

/** An answer body is stored compact and always read back as exactly the text received. */
describe('packAnswerBody', () => {
  const png = randomBytes(700).toString('base64');
  const withQrCodes = JSON.stringify({
    name: 'العراق 5 GB 🌍',
    qrCodeUrl: `data:image/png;base64,${png}`,
    esims: [{ qr: `data:image/png;base64,${png}` }],
  });

  it("keeps a data URL's base64 as bytes, and gives back the same text", () => {
    const packed = packAnswerBody(withQrCodes);
    expect(packed.encoding).toBe('deflate-base64-d1');
    expect(packed.body.length).toBeLessThan(1000);
    expect(answerBodyText(packed.body, packed.encoding)).toBe(withQrCodes);
  });

  it('deflates as it is a body whose base64 would not come back the same (not canonical)', () => {
    const text = `{"qrCodeUrl":"data:image/png;base64,AB","note":";base64,QUJD="}`;
    const packed = packAnswerBody(text);
    expect(packed.encoding).toBe('deflate-d1');
    expect(answerBodyText(packed.body, packed.encoding)).toBe(text);
  });

  it('deflates as it is a body without data URLs, and a cut-off one', () => {
    for (const text of [
      '{"success":false,"code":"INSUFFICIENT_BALANCE"}',
      `{"qrCodeUrl":"data:image/png;base64,${png.slice(0, 401)}`,
    ]) {
      const packed = packAnswerBody(text);
      expect(answerBodyText(packed.body, packed.encoding)).toBe(text);
    }
    expect(packAnswerBody('{"success":true}').encoding).toBe('deflate-d1');
  });

  it('codes the words answers repeat by the dictionary: shorter than without it', () => {
    const order = JSON.stringify({
      success: true,
      message: 'Order completed successfully',
      orderReference: 'ORD-20261202-E2SXTST3',
      qrCodeUrl: `data:image/png;base64,${png}`,
      directAppleInstallUrl:
        'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA:1$smdp.example$K2',
      esims: [{ iccid: '8985220609500000019', sim_status: 'AFFECTED', esim_status: 'New', isPending: false }],
    });
    const now = packAnswerBody(order);
    const before = packAnswerBody(order, ANSWER_ENCODINGS_OF_V11);
    expect(before.encoding).toBe('deflate-base64');
    expect(now.body.length).toBeLessThan(before.body.length - 100);
    expect(answerBodyText(now.body, now.encoding)).toBe(order);
  });

  it('still reads every body stored before the dictionary, and the first plain text', () => {
    for (const text of [withQrCodes, '{"success":false,"message":"Service temporarily unavailable"}']) {
      const before = packAnswerBody(text, ANSWER_ENCODINGS_OF_V11);
      expect(before.encoding).toMatch(/^deflate(-base64)?$/);
      expect(answerBodyText(before.body, before.encoding)).toBe(text);
    }
    expect(answerBodyText(Buffer.from('{"é":1}', 'utf8'), 'text')).toBe('{"é":1}');
  });
});
