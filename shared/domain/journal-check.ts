import { z } from 'zod';
import { IsoTimeSchema } from './common';

/**
 * The check of the journal's tamper-evident chain, as the manager's check, the exports, the
 * accountant's pack and the Z carry it: what was checked, and the first break by its kind at its place.
 */

export const CHAIN_BREAK_KINDS = [
  /** Records removed from the chain: `seq` is the first missing, `otherSeq` the last. */
  'gap',
  /** A record stands where another belongs (moved or swapped): `otherSeq` is the place it names. */
  'reorder',
  /** A record of the chain was edited. */
  'changed_link',
  /** A money row changed after the chain's record `seq` wrote it. */
  'changed_row',
  /** A money row the chain's record `seq` wrote is gone from its table. */
  'deleted_row',
  /** A money row the chain has no record of, whatever its date. */
  'unlinked_row',
  /** The chain no longer holds the head a stored Z printed: it was rewritten. */
  'z_head',
] as const;

export const ChainBreakSchema = z.object({
  kind: z.enum(CHAIN_BREAK_KINDS),
  seq: z.number().int().nullable(),
  otherSeq: z.number().int().nullable(),
  /** The record at the place, as it reads. */
  recordKind: z.string().nullable(),
  subject: z.string().nullable(),
  at: z.string().nullable(),
  /** The money row: its table and key. */
  table: z.string().nullable(),
  rowId: z.string().nullable(),
  zNumber: z.number().int().nullable(),
});
export type ChainBreak = z.infer<typeof ChainBreakSchema>;

export const JournalCheckSchema = z.object({
  counterId: z.string(),
  /** When the check began: it read the journal as it stood then. */
  checkedAt: IsoTimeSchema,
  links: z.number().int(),
  head: z.object({ seq: z.number().int(), hash: z.string() }).nullable(),
  /** Stored Zs whose printed head was checked against the chain. */
  zHeads: z.number().int(),
  /** Null when the chain, every Z's head and every money row hold. */
  firstBreak: ChainBreakSchema.nullable(),
  /** Money rows the chain has no record of (they prove nothing): how many, and the first twenty. */
  unlinkedCount: z.number().int(),
  unlinked: z.array(z.object({ table: z.string(), id: z.string() })),
});
export type JournalCheck = z.infer<typeof JournalCheckSchema>;
