import { type Currency, fromApiAmount, toDecimalText } from '../../shared/money';
import { answerShape, type Field, holdsEssential, type ObjectField } from './answer-shapes';
import { withoutDay } from './identifiers';
import type { AnswerStyle } from './options';
import type { Reply } from './replies';

/**
 * The last step before a successful answer is sent: the answer style reshapes the tidy body the
 * handler built, following the roles in answer-shapes.ts. Error bodies are already minimal and
 * leave as they are.
 */

export interface Presentation {
  readonly style: AnswerStyle;
  readonly seed: number;
  /** The account's currency: how many decimals an amount sent as text has. */
  readonly currency: Currency;
}

type JsonObject = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function presentReply(route: string, reply: Reply, how: Presentation): Reply {
  if (how.style === 'tidy' || reply.status !== 200 || !isRecord(reply.body)) return reply;
  const shape = answerShape(route, reply.body);
  if (!shape) throw new Error(`no answer shape for ${route}`);
  const body =
    how.style === 'lean'
      ? lean(shape, reply.body)
      : new Untidy(`${how.seed}|${route}`, how.currency).vary(shape, reply.body, '');
  return { ...reply, body };
}

/** Only the essential parts of a value; undefined when nothing of it is essential. */
function lean(field: Field, value: unknown): unknown {
  if (!holdsEssential(field)) return undefined;
  if (field.role === 'object' && isRecord(value)) {
    const kept: Record<string, unknown> = {};
    for (const [name, inner] of Object.entries(field.fields)) {
      const leaned = name in value ? lean(inner, value[name]) : undefined;
      if (leaned !== undefined) kept[name] = leaned;
    }
    return kept;
  }
  if (field.role === 'list' && Array.isArray(value)) return value.map((item) => lean(field.of, item));
  return value;
}

/** Share of the fields that differ from the tidy answer, and of the objects that carry an extra key. */
const VARY_RATE = 0.3;
const EXTRA_RATE = 0.2;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "February 13, 2026 at 11:27 PM" (UTC), or "February 13, 2026" for a date alone. */
export function humanDate(iso: string): string | null {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  const d = new Date(at);
  const day = `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return day;
  const hour = d.getUTCHours();
  const minutes = String(d.getUTCMinutes()).padStart(2, '0');
  return `${day} at ${hour % 12 === 0 ? 12 : hour % 12}:${minutes} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The amount as decimal text with the currency's decimals ("12.50"); never a different value. */
function amountText(value: number, currency: Currency): string {
  const text = toDecimalText(fromApiAmount(value, currency), currency);
  return Number(text) === value ? text : String(value);
}

/** A number in [0, 1) fixed by the text: FNV-1a, then murmur3's finaliser to spread the bits. */
function unitHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4_294_967_296;
}

/** Keys no description lists, as services add them over time. */
const EXTRAS: readonly ((mark: string) => [string, unknown])[] = [
  (mark) => ['trace_id', mark],
  () => ['meta', { api_version: '1.7.3', region: 'eu-central' }],
  (mark) => ['_links', { self: `/api/v1/business/resources/${mark}` }],
  () => ['deprecated_fields', ['profileStatus']],
];

/**
 * Varies a tidy body the way a real service's answers vary. Every draw depends only on the seed,
 * the route, the field's path and the records' identifiers (an order reference's day left out), so
 * one seed gives the same answer to the same data on every day it runs; money, identifiers and LPAs
 * are never changed in value.
 */
class Untidy {
  constructor(
    private readonly prefix: string,
    private readonly currency: Currency,
  ) {}

  /** With probability `rate`, which of `count` variations applies at this path; otherwise null. */
  private draw(path: string, rate: number, count: number): number | null {
    const r = unitHash(`${this.prefix}|${path}`);
    return r < rate ? Math.floor((r / rate) * count) : null;
  }

  /** One of the options, or undefined for the value as it is. */
  private choose(path: string, options: readonly unknown[]): unknown {
    const index = this.draw(path, VARY_RATE, options.length);
    return index === null ? undefined : options[index];
  }

  vary(field: Field, value: unknown, path: string): unknown {
    if (value === null || value === undefined) return value;
    const varied = this.scalar(field, value, path);
    if (varied !== undefined) return varied;
    if (field.role === 'object' && isRecord(value)) return this.object(field, value, path);
    if (field.role === 'list' && Array.isArray(value)) {
      // Records with an identifier are placed by it (see object()), the others by their position.
      const named = field.of.role === 'object' && field.of.id !== undefined;
      return value.map((item, i) => this.vary(field.of, item, `${path}[${named ? '' : i}]`));
    }
    return value;
  }

  /** The varied form of a scalar (or a whole object or list dropped to null); undefined: unchanged. */
  private scalar(field: Field, value: unknown, path: string): unknown {
    switch (field.role) {
      case 'key':
        return undefined;
      case 'money':
        return typeof value === 'number' ? this.choose(path, [amountText(value, this.currency)]) : undefined;
      case 'number':
        return typeof value === 'number' ? this.choose(path, [String(value), null]) : undefined;
      case 'text':
        return typeof value === 'string' ? this.choose(path, [null, { name: value }]) : undefined;
      case 'time':
        return typeof value === 'string' ? this.choose(path, [humanDate(value) ?? value, null]) : undefined;
      case 'flag':
        return typeof value === 'boolean' ? this.choose(path, [null, String(value)]) : undefined;
      case 'enum':
        return this.choose(path, field.essential ? [field.unlisted] : [field.unlisted, null]);
      case 'object':
      case 'list':
        // A part that holds nothing essential may be missing its value altogether.
        return holdsEssential(field) ? undefined : this.choose(`${path}!`, [null]);
    }
  }

  private object(field: ObjectField, value: JsonObject, at: string): JsonObject {
    const id = field.id === undefined ? undefined : value[field.id];
    // A record is placed by its identifier without the day in it, so one seed varies the same order
    // alike on whichever day it runs.
    const path = typeof id === 'string' ? `${at}<${withoutDay(id)}>` : at;
    const out: Record<string, unknown> = {};
    for (const [name, inner] of Object.entries(value)) {
      const shape = field.fields[name];
      out[name] = shape ? this.vary(shape, inner, `${path}.${name}`) : inner;
    }
    const extra = this.draw(`${path}+`, EXTRA_RATE, EXTRAS.length);
    const make = extra === null ? undefined : EXTRAS[extra];
    if (make) {
      const mark = Math.floor(unitHash(`${this.prefix}|${path}#`) * 2 ** 32)
        .toString(16)
        .padStart(8, '0');
      const [name, content] = make(mark);
      if (!(name in out)) out[name] = content;
    }
    return out;
  }
}
