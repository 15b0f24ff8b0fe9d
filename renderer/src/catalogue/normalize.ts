/**
 * Text folding for catalogue search, so a cashier finds a destination however it is typed: case,
 * accents and Arabic letter variants (hamza forms, taa marbuta, alef maqsura, diacritics, tatweel)
 * are ignored, and Arabic-Indic digits read as ASCII digits.
 */

const ARABIC_FOLD: Readonly<Record<string, string>> = {
  '\u0629': '\u0647', // taa marbuta → haa
  '\u0649': '\u064a', // alef maqsura → yaa
  '\u0671': '\u0627', // alef wasla → alef
  '\u0640': '', // tatweel
};

const DIGIT_ZERO = { arabic: 0x0660, persian: 0x06f0 } as const;

export function foldText(text: string): string {
  // NFKD splits hamza and madda off their carrier letters (أ → ا + ٔ), so dropping marks folds them.
  const decomposed = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/\p{M}+/gu, '');
  let out = '';
  for (const ch of decomposed) {
    const code = ch.charCodeAt(0);
    if (code >= DIGIT_ZERO.arabic && code <= DIGIT_ZERO.arabic + 9) out += String(code - DIGIT_ZERO.arabic);
    else if (code >= DIGIT_ZERO.persian && code <= DIGIT_ZERO.persian + 9)
      out += String(code - DIGIT_ZERO.persian);
    else out += ARABIC_FOLD[ch] ?? ch;
  }
  return out;
}

/** Folded words of a text; punctuation separates words. */
export function foldedWords(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/**
 * The words under which a name is found: each folded word, and Arabic words also without their
 * definite article, so "عراق" finds "العراق".
 */
export function searchTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const word of foldedWords(text)) {
    tokens.push(word);
    if (word.startsWith('\u0627\u0644') && word.length > 3) tokens.push(word.slice(2));
  }
  return tokens;
}
