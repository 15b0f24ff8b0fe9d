import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { wordFiles, wordsIn, wordsKeptTwice } from '../../scripts/word-homes';

// Every word the counter shows has one home (docs/cashier-words.md): a word written in two files
// drifts apart when one of them changes, and the screen, the receipt and the Z disagree.
const root = resolve(import.meta.dirname, '../..');

/**
 * The same text in two homes that is not the same word, and why: merging them would tie together
 * two words that change apart.
 */
const SAME_TEXT_OTHER_WORD: Readonly<Record<string, string>> = {
  cash: "the reconciliation's cash section, not the tender",
  open: "a shift's state, not the button that opens a pending sale",
  cancelled: "an eSIM's status (ملغاة), not a cancelled order (أُلغي)",
};

/** The words kept in two files or more, read once for the tests that need them. */
let kept: ReturnType<typeof wordsKeptTwice> | undefined;
const keptTwice = (): ReturnType<typeof wordsKeptTwice> => {
  kept ??= wordsKeptTwice(root);
  return kept;
};

/** Text in a component that is not a word: the names printed on keys. */
const NOT_WORDS_IN_COMPONENTS = new Set(['Enter', 'Esc']);

describe('one home per word', () => {
  it('writes each word the counter shows in one file only', () => {
    const twice = keptTwice()
      .filter(([text]) => !(text in SAME_TEXT_OTHER_WORD))
      .map(
        ([, words]) => `${words[0]!.text}: ${words.map((word) => `${word.file}:${word.line}`).join(', ')}`,
      );
    expect(twice).toEqual([]);
  });

  it('lists as another word only texts still written in two homes', () => {
    const twice = new Set(keptTwice().map(([text]) => text));
    expect(Object.keys(SAME_TEXT_OTHER_WORD).filter((text) => !twice.has(text))).toEqual([]);
  });

  it('writes no word inline in a component: components read their words from a home', () => {
    const inline = wordFiles(root)
      .filter((file) => file.endsWith('.tsx'))
      .flatMap((file) => wordsIn(root, file))
      .filter((word) => !NOT_WORDS_IN_COMPONENTS.has(word.text))
      .map((word) => `${word.file}:${word.line} ${word.text}`);
    expect(inline).toEqual([]);
  });
});

describe('the word finder', () => {
  const tree = mkdtempSync(join(tmpdir(), 'word-homes-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  const write = (file: string, text: string): void => {
    mkdirSync(join(tree, file, '..'), { recursive: true });
    writeFileSync(join(tree, file), text);
  };

  it('finds a word two homes write, in either language and in any letter case', () => {
    write('shared/paper-text.ts', "export const EN = { cash: 'Bank deposit', ar: 'إيداع في البنك' };\n");
    write(
      'renderer/src/screen-text.ts',
      "export const EN = { cash: 'Bank Deposit', ar: 'إيداع في البنك', x: 'Owner' };\n",
    );
    const twice = wordsKeptTwice(tree).map(([text, words]) => [text, words.map((word) => word.file)]);
    expect(twice).toEqual([
      ['bank deposit', ['renderer/src/screen-text.ts', 'shared/paper-text.ts']],
      ['إيداع في البنك', ['renderer/src/screen-text.ts', 'shared/paper-text.ts']],
    ]);
  });

  it("finds a component's JSX text and read attributes, and passes over classes, keys and developers' messages", () => {
    write(
      'renderer/src/Panel.tsx',
      [
        "import { x } from './panel-text';",
        'export const Panel = (p: { on: boolean }) => (',
        '  <div className={p.on ? \'panel open\' : \'panel\'} data-state="Not a word" aria-label="Close the panel">',
        '    Pay now {`${x} left`}',
        '  </div>',
        ');',
        "const problem = { code: 'X', message: 'The amount is not a number.' };",
        "if (problem.code === 'Some code') throw new Error('Never shown');",
      ].join('\n'),
    );
    expect(wordsIn(tree, 'renderer/src/Panel.tsx').map((word) => [word.text, word.line])).toEqual([
      ['Close the panel', 3],
      ['Pay now', 4],
    ]);
  });
});
