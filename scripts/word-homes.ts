import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** One word the counter shows, where it is written. */
export interface Word {
  /** The text as the cashier reads it, each `${…}` written `{}`, white space folded. */
  readonly text: string;
  readonly file: string;
  readonly line: number;
}

/** Where the counter's words are written: the word tables, the components and the paper's code. */
export const WORD_FOLDERS = [
  'renderer',
  'shared',
  'electron/core/receipts',
  'electron/core/reports',
  'electron/core/exports',
] as const;

const SKIPPED = new Set(['node_modules', 'out', 'dist']);

/** Files whose strings are not the counter's words, and why. */
const NOT_WORDS: Readonly<Record<string, string>> = {
  'shared/api': "the provider's API as it spells its values ('Active'): data the counter reads",
  'renderer/src/catalogue/normalize.ts': 'what a search strips from what the cashier types (the article ال)',
  'renderer/src/catalogue/search-index.ts': 'the same, for the search index',
  'renderer/src/catalogue/query-text.ts': 'the units a cashier may type, read and never shown',
};

/** Every source file below the word folders, relative to `root`. */
export function wordFiles(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir)).flatMap((name) => {
      const path = join(dir, name);
      if (SKIPPED.has(name) || path in NOT_WORDS) return [];
      if (statSync(join(root, path)).isDirectory()) return walk(path);
      return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
    });
  return WORD_FOLDERS.filter((folder) => existsSync(join(root, folder)))
    .flatMap(walk)
    .sort();
}

/** Arabic letters (not its comma or digits, which are punctuation and numbers). */
const ARABIC = /[\u0621-\u064a]/;
/** English a person reads: a capital then small letters, or two words apart. */
const ENGLISH = /^[A-Z][a-z]{2,}|[A-Za-z]{2,}[^{}]*\s+[^{}]*[A-Za-z]{2,}/;
/** Markup and style the paper's code writes around its words: not words themselves. */
const MARKUP = /<\/?[a-z][^>]*>|sans-serif|^[.#]?[a-z-]+(\s+[a-z-]+)*$/;

/** Attributes whose value is read by a person (or a screen reader). */
const READ_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'aria-description']);

/** Calls whose string arguments are for developers, never shown: errors and logs. */
const DEVELOPER_CALLS =
  /^(PosFailure|Error|TypeError|RangeError|invalidInput|assert\w*|console\.\w+|log\.\w+|\w*[Ll]ogger\.\w+)$/;

/** Names whose value is a developer's message: the counter words an error by its code instead. */
const DEVELOPER_NAMES = new Set(['message']);

function fold(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function templateText(node: ts.TemplateExpression): string {
  return node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join('');
}

function isWord(text: string): boolean {
  const bare = text.replace(/\{\}/g, ' ');
  return ARABIC.test(bare) || (ENGLISH.test(bare) && !MARKUP.test(bare));
}

/** Whether a literal sits in a JSX attribute nobody reads (a class, a key) or in a developer's message. */
function inCodePlace(node: ts.Node): boolean {
  for (let at = node.parent; at && !ts.isSourceFile(at); at = at.parent) {
    if (ts.isJsxAttribute(at)) return !READ_ATTRIBUTES.has(at.name.getText());
    if (
      (ts.isPropertyAssignment(at) || ts.isVariableDeclaration(at)) &&
      DEVELOPER_NAMES.has(at.name.getText())
    ) {
      return true;
    }
    if (ts.isStatement(at) || ts.isJsxElement(at)) return false;
  }
  return false;
}

/** Whether a string literal is code rather than a word: a key, a type, a comparison, an error, a class. */
function isCode(node: ts.Node): boolean {
  const parent = node.parent;
  if (
    ts.isImportDeclaration(parent) ||
    ts.isExportDeclaration(parent) ||
    ts.isExternalModuleReference(parent)
  ) {
    return true;
  }
  if (ts.isLiteralTypeNode(parent) || (ts.isPropertyAssignment(parent) && parent.name === node)) return true;
  if (ts.isPropertySignature(parent) || ts.isElementAccessExpression(parent)) return true;
  if (ts.isCaseClause(parent)) return true;
  if (ts.isBinaryExpression(parent) && /=/.test(ts.tokenToString(parent.operatorToken.kind) ?? '')) {
    return parent.operatorToken.kind !== ts.SyntaxKind.EqualsToken;
  }
  if (
    (ts.isCallExpression(parent) || ts.isNewExpression(parent)) &&
    parent.arguments?.includes(node as never)
  ) {
    if (DEVELOPER_CALLS.test(parent.expression.getText())) return true;
  }
  return inCodePlace(node);
}

/** The words written in one file: its string and template literals that read as words, and its JSX text. */
export function wordsIn(root: string, file: string): Word[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(join(root, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const words: Word[] = [];
  const add = (node: ts.Node, raw: string): void => {
    const text = fold(raw);
    if (!isWord(text)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    words.push({ text, file, line: line + 1 });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (!isCode(node)) add(node, node.text);
    } else if (ts.isTemplateExpression(node)) {
      if (!isCode(node)) add(node, templateText(node));
    } else if (ts.isJsxText(node)) {
      add(node, node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return words;
}

/** Every word of the word folders, by its text in small letters ("Bank deposit" is "bank deposit" too). */
export function wordsByText(root: string, files = wordFiles(root)): Map<string, Word[]> {
  const byText = new Map<string, Word[]>();
  for (const file of files) {
    for (const word of wordsIn(root, file)) {
      const key = word.text.toLowerCase();
      byText.set(key, [...(byText.get(key) ?? []), word]);
    }
  }
  return byText;
}

/** The words written in two files or more, most homes first. */
export function wordsKeptTwice(root: string, files = wordFiles(root)): [string, Word[]][] {
  return [...wordsByText(root, files)]
    .filter(([, words]) => new Set(words.map((word) => word.file)).size > 1)
    .sort(([a, x], [b, y]) => y.length - x.length || a.localeCompare(b));
}
