import { z } from 'zod';

/**
 * The app's own view of its records, as they cross the bridge to the renderer. Amounts are Money
 * (integer minor units with their currency); times are ISO 8601 strings; data is in MB or GB as a
 * cashier reads it. No secret ever appears in these shapes.
 */

/** An ISO 8601 date and time with its offset (`Z` or `+03:00`): never a local time that means nothing alone. */
export const IsoTimeSchema = z.iso.datetime({ offset: true });
/**
 * When the core read a view a window shows (the status, the till): the core's run, new each time it
 * starts, and how many views of that kind the run had read, this one included. A window hears a view
 * from an action's answer and from the core's events, in either order: the revision tells the newer
 * (revision.ts).
 */
export const RevisionSchema = z.object({
  run: z.string(),
  seq: z.number().int().positive(),
});
export const LanguageSchema = z.enum(['en', 'ar']);
export type Language = z.infer<typeof LanguageSchema>;
