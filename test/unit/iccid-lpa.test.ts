import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { iccidProblem, isValidIccid, luhnCheckDigit, withCheckDigit } from '../../shared/iccid';
import { IssuedIccidSchema } from '../../shared/iccid-schema';
import { formatLpa, parseLpa } from '../../shared/lpa';

describe('ICCID', () => {
  it('accepts 19 and 20 digit numbers with a right Luhn check digit', () => {
    // 8944 5000 0000 0000 000 + check digit: a well-formed UK-style ICCID payload.
    const nineteen = withCheckDigit('894450000000000000');
    const twenty = withCheckDigit('8944500000000000001');
    expect(nineteen).toHaveLength(19);
    expect(twenty).toHaveLength(20);
    expect(isValidIccid(nineteen)).toBe(true);
    expect(isValidIccid(twenty)).toBe(true);
  });

  it('computes the Luhn digit of a known number', () => {
    // The classic Luhn example: 7992739871 has check digit 3.
    expect(luhnCheckDigit('7992739871')).toBe(3);
  });

  it('names each kind of problem', () => {
    const valid = withCheckDigit('894450000000000000');
    const wrongCheck = `${valid.slice(0, -1)}${(Number(valid.at(-1)) + 1) % 10}`;
    expect(iccidProblem('')).toBe('empty');
    expect(iccidProblem('8944 5000')).toBe('not_digits');
    expect(iccidProblem('894450')).toBe('too_short');
    expect(iccidProblem(`${valid}12`)).toBe('too_long');
    expect(iccidProblem(wrongCheck)).toBe('check_digit');
  });

  it('lets through the bridge every number the provider may have issued, and nothing of another shape', () => {
    const valid = withCheckDigit('894450000000000000');
    const wrongCheck = `${valid.slice(0, -1)}${(Number(valid.at(-1)) + 1) % 10}`;
    for (const issued of [valid, wrongCheck, `${valid}12`, '8988247000100000001F'])
      expect(IssuedIccidSchema.safeParse(issued).success).toBe(true);
    expect(IssuedIccidSchema.safeParse('8944 5000 0000 0000 000').error?.issues[0]?.message).toMatch(
      /digits only/,
    );
    expect(IssuedIccidSchema.safeParse('894450').error?.issues[0]?.message).toMatch(/too short/);
    expect(IssuedIccidSchema.safeParse('').success).toBe(false);
  });

  it('catches every single-digit typo', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{18}$/),
        fc.integer({ min: 0, max: 18 }),
        fc.integer({ min: 1, max: 9 }),
        (payload, at, delta) => {
          const iccid = withCheckDigit(payload);
          const typo = `${iccid.slice(0, at)}${(Number(iccid[at]) + delta) % 10}${iccid.slice(at + 1)}`;
          expect(isValidIccid(iccid)).toBe(true);
          expect(isValidIccid(typo)).toBe(false);
        },
      ),
    );
  });
});

describe('LPA activation strings', () => {
  it('splits into SM-DP+ address and activation code', () => {
    const parsed = parseLpa('LPA:1$smdp.example-esim.net$K2-1X2Y3Z-ABCDEF');
    expect(parsed).toEqual({
      ok: true,
      value: { smdpAddress: 'smdp.example-esim.net', activationCode: 'K2-1X2Y3Z-ABCDEF' },
    });
    if (parsed.ok) expect(formatLpa(parsed.value)).toBe('LPA:1$smdp.example-esim.net$K2-1X2Y3Z-ABCDEF');
  });

  it('explains what is wrong with a malformed string', () => {
    expect(parseLpa('LPA:2$host$code')).toMatchObject({ ok: false, problem: expect.stringMatching(/LPA:1/) });
    expect(parseLpa('LPA:1$$code')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/SM-DP\+ address/),
    });
    expect(parseLpa('LPA:1$host')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/activation code/),
    });
    expect(parseLpa('LPA:1$bad host$code')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/host name/),
    });
  });
});
