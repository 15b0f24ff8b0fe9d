import { CURRENCIES, type Currency } from '../../../shared/money';
import { FieldProblem } from './parse';
import { isoTimeOf } from './provider-time';

/** A money amount as the API sent it: a JSON number, or decimal text that is read exactly, never as a float. */
export type ApiAmount = number | string;

const DECIMAL_TEXT = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

/**
 * One JSON object of an answer, read field by field, as the reading rules say (docs/api-client.md):
 * what money and the hand-over need is required (`required…`: a FieldProblem naming the field when
 * it is missing or unusable, which the client reports as BAD_RESPONSE); everything else is read
 * tolerantly and comes back null when it is absent, null, or of a shape that cannot mean what the
 * description says (an object where a string was described). A number sent as decimal text is read
 * as the number; an enum value not listed is kept as the text it is.
 */
export class Fields {
  private constructor(
    private readonly source: Readonly<Record<string, unknown>>,
    /** Where this object is in the answer, e.g. `data.esims.3`; '' for the answer itself. */
    readonly path: string,
  ) {}

  /** The value as an object to read from; anything else is a FieldProblem naming `path`. */
  static of(value: unknown, path = ''): Fields {
    const fields = Fields.maybe(value, path);
    if (!fields) throw new FieldProblem(path, value === undefined ? 'missing' : 'not an object');
    return fields;
  }

  /** The value as an object to read from, or null when it is absent or not an object. */
  static maybe(value: unknown, path: string): Fields | null {
    return isRecord(value) ? new Fields(value, path) : null;
  }

  /** The path of one of this object's fields, for a FieldProblem. */
  pathOf(key: string): string {
    return this.path ? `${this.path}.${key}` : key;
  }

  /** The field as sent, for the few readings that need the raw value. */
  raw(key: string): unknown {
    return this.source[key];
  }

  has(key: string): boolean {
    const value = this.source[key];
    return value !== undefined && value !== null;
  }

  // Required: what money and the hand-over need.

  requiredText(key: string): string {
    const value = this.text(key);
    if (value === null) throw this.problem(key, 'missing or not a text');
    return value;
  }

  requiredObject(key: string): Fields {
    return Fields.of(this.source[key], this.pathOf(key));
  }

  requiredList(key: string): readonly unknown[] {
    const value = this.list(key);
    if (value === null) throw this.problem(key, 'missing or not a list');
    return value;
  }

  problem(key: string, what: string): FieldProblem {
    return new FieldProblem(this.pathOf(key), what);
  }

  // Tolerant: null when absent or unusable.

  /** Non-empty text; a number is taken as its text (an id sent as a number). */
  text(key: string): string | null {
    const value = this.source[key];
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value !== 'string' || value.trim() === '') return null;
    return value;
  }

  /** A time or date as ISO 8601 UTC, however the provider wrote it (see provider-time.ts); null when unreadable. */
  time(key: string): string | null {
    const text = this.text(key);
    return text === null ? null : isoTimeOf(text);
  }

  /** A number, or decimal text read as one (for counts and sizes; amounts of money use `amount`). */
  number(key: string): number | null {
    const value = this.source[key];
    if (typeof value === 'number') return Number.isFinite(value) ? value : null;
    if (typeof value === 'string' && DECIMAL_TEXT.test(value)) return Number(value);
    return null;
  }

  integer(key: string): number | null {
    const value = this.number(key);
    return value !== null && Number.isSafeInteger(value) ? value : null;
  }

  /** true or false, also as the text "true"/"false" or the numbers 1/0. */
  flag(key: string): boolean | null {
    const value = this.source[key];
    if (typeof value === 'boolean') return value;
    if (value === 1 || value === 0) return value === 1;
    if (typeof value === 'string') {
      const text = value.trim().toLowerCase();
      if (text === 'true' || text === 'false') return text === 'true';
    }
    return null;
  }

  /** An amount of money as sent: a finite number, or decimal text kept as text so it is read exactly. */
  amount(key: string): ApiAmount | null {
    const value = this.source[key];
    if (typeof value === 'number') return Number.isFinite(value) ? value : null;
    if (typeof value === 'string' && DECIMAL_TEXT.test(value)) return value.trim();
    return null;
  }

  /** One of the account currencies, in any letter case. */
  currency(key: string): Currency | null {
    return this.oneOf(key, CURRENCIES);
  }

  /** One of the listed values, compared without letter case; null for any other value (see `text` for the text). */
  oneOf<T extends string>(key: string, values: readonly T[]): T | null {
    const text = this.text(key)?.trim().toLowerCase();
    return values.find((value) => value.toLowerCase() === text) ?? null;
  }

  object(key: string): Fields | null {
    return Fields.maybe(this.source[key], this.pathOf(key));
  }

  list(key: string): readonly unknown[] | null {
    const value = this.source[key];
    return Array.isArray(value) ? value : null;
  }

  /** The texts of a list of texts, leaving out items that are not text. */
  texts(key: string): string[] {
    return (this.list(key) ?? []).filter((item): item is string => typeof item === 'string' && item !== '');
  }
}

/** The items of a list that could be read, and what was wrong with the others (each skipped, never failing the list). */
export interface ItemsRead<T> {
  readonly items: T[];
  readonly skipped: readonly FieldProblem[];
}

/** Reads every item of a list on its own: an item that cannot be read is skipped and its problem kept. */
export async function readItems<T>(
  list: readonly unknown[],
  path: string,
  read: (item: Fields, value: unknown) => T | Promise<T>,
): Promise<ItemsRead<T>> {
  const items: T[] = [];
  const skipped: FieldProblem[] = [];
  for (const [index, value] of list.entries()) {
    try {
      items.push(await read(Fields.of(value, `${path}.${index}`), value));
    } catch (error) {
      if (!(error instanceof FieldProblem)) throw error;
      skipped.push(error);
    }
  }
  return { items, skipped };
}

/** The JSON value of an answer's text, or undefined when the text is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
