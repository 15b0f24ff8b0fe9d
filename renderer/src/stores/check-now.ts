import { useJournal } from './journal-store';
import { usePending } from './pending-store';

/**
 * Check now: reads the provider's records for a sale. One it completes leaves the Pending list, so it
 * opens at once with its QR codes and Print: the cashier who asked sees it completed, never a row
 * that vanishes. It goes on the cashier's screen only; the customer display waits for Show.
 */
export async function checkNow(id: string): Promise<void> {
  const sale = await usePending.getState().resolve(id);
  if (sale?.state === 'completed') await useJournal.getState().view(sale.id, true);
}
