/**
 * ICCIDs are 19 or 20 digits, the last a Luhn check digit over the others (ITU-T E.118). The check
 * digit is for catching a cashier's typo; an ICCID the provider issued is taken as it is (see
 * `isIssuedIccid`), whatever its check digit says.
 */

export type IccidProblem = 'empty' | 'not_digits' | 'too_short' | 'too_long' | 'check_digit';

export function luhnCheckDigit(payload: string): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    // Double every second digit counting from the right of the payload (the check digit's neighbour first).
    let d = payload.charCodeAt(payload.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** Why a text is not a valid ICCID, or null when it is one. Spaces and dashes are not accepted. */
export function iccidProblem(text: string): IccidProblem | null {
  if (text.length === 0) return 'empty';
  if (!/^\d+$/.test(text)) return 'not_digits';
  if (text.length < 19) return 'too_short';
  if (text.length > 20) return 'too_long';
  const check = luhnCheckDigit(text.slice(0, -1));
  return check === Number(text.at(-1)) ? null : 'check_digit';
}

export function isValidIccid(text: string): boolean {
  return iccidProblem(text) === null;
}

/**
 * Whether a text can be an ICCID the provider issued: 18 to 22 ASCII letters or digits, starting
 * with a digit. No check-digit test and no fixed length: issuers' numbers vary (a payload without its
 * check digit, a 22-digit number, hex padding such as a trailing `F`), and a number the provider
 * issued is the eSIM's name whatever its digits add up to. It refuses only what cannot be an ICCID at
 * all: an empty or placeholder text, a phrase, an ICCID with spaces.
 */
export function isIssuedIccid(text: string): boolean {
  return /^[0-9][0-9A-Za-z]{17,21}$/.test(text);
}

/** Appends the Luhn check digit to an 18- or 19-digit payload. */
export function withCheckDigit(payload: string): string {
  return `${payload}${luhnCheckDigit(payload)}`;
}

export const ICCID_PROBLEM_TEXT: Record<IccidProblem, string> = {
  empty: 'ICCID is empty',
  not_digits: 'ICCID must contain digits only',
  too_short: 'ICCID must be 19 or 20 digits; it is too short',
  too_long: 'ICCID must be 19 or 20 digits; it is too long',
  check_digit: 'ICCID check digit is wrong (mistyped or misscanned)',
};
