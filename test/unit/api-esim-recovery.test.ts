import { describe, expect, it } from 'vitest';
import { recoverEsims } from '../../electron/core/api/esim-recovery';
import { isIssuedIccid } from '../../shared/iccid';

// What installs the eSIMs, found in the text of an order answer the client could not read.
const LPA_1 = 'LPA:1$smdp.example.net$ACT-0001';
const LPA_2 = 'LPA:1$smdp.example.net$ACT-0002';
const ICCID_1 = '8988247000100000015';
const ICCID_2 = '8988247000100000023';

describe('recovering eSIMs from an unreadable answer', () => {
  it('finds each eSIM of a JSON answer once, with its ICCID, wherever its install details sit', () => {
    const raw = JSON.stringify({
      orderReference: 42,
      lpaString: LPA_1,
      esims: [
        { iccid: ICCID_1, lpaString: LPA_1 },
        {
          iccid: ICCID_2,
          manual_installation: { smdp_address: 'smdp.example.net', activation_code: 'ACT-0002' },
        },
      ],
    });
    expect(recoverEsims(raw)).toEqual([
      { iccid: ICCID_1, lpa: LPA_1, smdpAddress: 'smdp.example.net', activationCode: 'ACT-0001' },
      { iccid: ICCID_2, lpa: LPA_2, smdpAddress: 'smdp.example.net', activationCode: 'ACT-0002' },
    ]);
  });

  it('finds LPA strings in text cut off mid-way, with the ICCID of the same object', () => {
    const whole = JSON.stringify({
      success: true,
      orderReference: 'ORD-1',
      esims: [
        { iccid: ICCID_1, lpaString: LPA_1 },
        { lpaString: LPA_2, iccid: ICCID_2, qrCodeUrl: 'data:image/png;base64,AAAA' },
      ],
    });
    const cut = whole.slice(0, whole.indexOf('qrCodeUrl') + 12);
    expect(recoverEsims(cut)).toEqual([
      { iccid: ICCID_1, lpa: LPA_1, smdpAddress: 'smdp.example.net', activationCode: 'ACT-0001' },
      { iccid: ICCID_2, lpa: LPA_2, smdpAddress: 'smdp.example.net', activationCode: 'ACT-0002' },
    ]);
  });

  it('gives an LPA without an ICCID when none stands beside it, and nothing when there is no LPA', () => {
    expect(recoverEsims(`<html>${LPA_1}</html>`)).toEqual([
      { iccid: null, lpa: LPA_1, smdpAddress: 'smdp.example.net', activationCode: 'ACT-0001' },
    ]);
    expect(recoverEsims('{"success":true,"esims":[{"iccid":"8988247000100000015"}]}')).toEqual([]);
    expect(recoverEsims('')).toEqual([]);
  });
});

describe('ICCIDs the provider issued', () => {
  it('are taken whatever their check digit, length quirk or hex padding', () => {
    expect(isIssuedIccid('8988247000100000016')).toBe(true);
    expect(isIssuedIccid('898824700010000001')).toBe(true);
    expect(isIssuedIccid('8988247000100000012345')).toBe(true);
    expect(isIssuedIccid('8988247000100000001F')).toBe(true);
  });

  it('are refused only when they cannot be an ICCID at all', () => {
    for (const text of [
      '',
      'PENDING',
      'null',
      '8988 2470 0010 0000 015',
      '89882470001',
      '89882470001000000123456',
    ]) {
      expect(isIssuedIccid(text)).toBe(false);
    }
  });
});
