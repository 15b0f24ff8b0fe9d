import type { TillView } from '../../shared/domain/shift';
import type { Counter } from './counter-fixture';

/** The manager PIN (the first manager's) and Alice's, a cashier's, in the end-of-day tests. */
export const MANAGER_PIN = '2468';
export const ALICE_PIN = '1357';

/** Chooses the manager PIN and adds Alice, a cashier, with the manager's approval. */
export async function hireAlice(counter: Counter): Promise<void> {
  await counter.api('setManagerPin', { pin: MANAGER_PIN });
  const till = await counter.api<TillView>('getTill');
  const manager = till.cashiers.find((cashier) => cashier.usesManagerPin);
  if (!manager) throw new Error('the manager PIN did not become the first manager');
  await counter.api('addCashier', {
    name: 'Alice',
    role: 'cashier',
    pin: ALICE_PIN,
    approval: { managerId: manager.id, pin: MANAGER_PIN },
  });
}
