import { resolve } from 'node:path';
import { wordFiles, wordsKeptTwice } from './word-homes';

// Lists every word the counter writes in two files or more, with where each stands: the places that
// disagree once one of them changes. `npm run words`.
const root = resolve(import.meta.dirname, '..');
const twice = wordsKeptTwice(root, wordFiles(root));
for (const [, words] of twice) {
  console.log(
    `${JSON.stringify(words[0]!.text)}\n${words.map((word) => `  ${word.file}:${word.line}`).join('\n')}`,
  );
}
console.log(twice.length === 0 ? 'No word is kept twice.' : `${twice.length} words kept twice or more.`);
