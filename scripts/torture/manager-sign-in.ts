import type { TillView } from '../../shared/domain/shift';
import type { Status } from '../../shared/domain/status';
import type { PosAnswer } from './host-process';

/** The manager PIN of the counters the tools start; its holder, the first manager, works the counter. */
export const HOST_MANAGER_PIN = '2468';

/** A PosApi call, over the web host or straight to the core. */
export type PosCall = <T>(method: string, input?: unknown) => Promise<PosAnswer<T>>;

/**
 * A live counter sells only with someone signed in: the manager PIN is chosen on a new journal, and
 * its manager signed in at every start (a kill may have left the sign-in behind).
 */
export async function signInManager(call: PosCall): Promise<void> {
  const status = await call<Status>('getStatus');
  if (!status.value?.managerPinSet) await call('setManagerPin', { pin: HOST_MANAGER_PIN });
  const till = await call<TillView>('getTill');
  const manager = till.value?.cashiers.find((cashier) => cashier.usesManagerPin);
  if (!manager) throw new Error('the manager PIN did not make a manager');
  if (till.value?.cashier?.id !== manager.id) {
    const signed = await call('signIn', { cashierId: manager.id, pin: HOST_MANAGER_PIN });
    if (!signed.ok) throw new Error(`the manager could not sign in: ${signed.error?.code ?? 'unknown'}`);
  }
}
