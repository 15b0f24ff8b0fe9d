import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { answerBodyText, packAnswerBody } from '../../electron/core/journal/answers';

/** An answer body is stored compact and always read back as exactly the text received. */
describe('packAnswerBody', () => {
  const png = randomBytes(700).toString('base64');

  it("keeps a data URL's base64 as bytes, and gives back the same text", () => {
    const text = JSON.stringify({
      name: 'العراق 5 GB 🌍',
      qrCodeUrl: `data:image/png;base64,${png}`,
      esims: [{ qr: `data:image/png;base64,${png}` }],
    });
    const packed = packAnswerBody(text);
    expect(packed.encoding).toBe('deflate-base64');
    expect(packed.body.length).toBeLessThan(1000);
    expect(answerBodyText(packed.body, packed.encoding)).toBe(text);
  });

  it('deflates as it is a body whose base64 would not come back the same (not canonical)', () => {
    const text = `{"qrCodeUrl":"data:image/png;base64,AB","note":";base64,QUJD="}`;
    const packed = packAnswerBody(text);
    expect(packed.encoding).toBe('deflate');
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
    expect(packAnswerBody('{"success":true}').encoding).toBe('deflate');
  });
});
