import { z } from 'zod';

/** A printer the operating system offers (Electron only). */
export const PrinterSchema = z.object({
  /** The name the operating system knows it by, which Settings keeps. */
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
});
export type Printer = z.infer<typeof PrinterSchema>;
