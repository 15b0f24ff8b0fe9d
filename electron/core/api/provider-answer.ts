/**
 * One answer the provider gave to one attempt of a call, as it arrived. The money paths journal every
 * answer to a sale or a top-up whatever became of it: read, refused, unreadable, or cut off.
 */
export interface ProviderAnswer {
  /** The attempt of the call it answered: 2 is the client's re-send (or a retry after a clock fix). */
  readonly attempt: number;
  readonly status: number;
  /** When it arrived, on this computer's clock (ISO 8601). */
  readonly receivedAt: string;
  /** The body as received; for one cut off, what had arrived when the connection ended. */
  readonly body: string;
  /** False when the connection closed, or the deadline passed, before the whole body arrived. */
  readonly whole: boolean;
}
