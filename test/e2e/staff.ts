import type { TillView } from '../../shared/domain/shift';
import type { Counter } from './counter-fixture';

/** The manager PIN (the first manager's) and Alice's, a cashier's, in the end-of-day tests. */
export const MANAGER_PIN = '2468';
export const ALICE_PIN = '1357';

/** A manager's approval: the manager PIN chosen, which makes its holder the first manager. */
export async function managerApproval(counter: Counter): Promise<{ managerId: string; pin: string }> {
  await counter.api('setManagerPin', { pin: MANAGER_PIN });
  const till = await counter.api<TillView>('getTill');
  const manager = till.cashiers.find((cashier) => cashier.usesManagerPin);
  if (!manager) throw new Error('the manager PIN did not become the first manager');
  return { managerId: manager.id, pin: MANAGER_PIN };
}

/** Chooses the manager PIN and adds Alice, a cashier, with the manager's approval; returns her id. */
export async function hireAlice(counter: Counter): Promise<string> {
  const approval = await managerApproval(counter);
  const alice = await counter.api<{ id: string }>('addCashier', {
    name: 'Alice',
    role: 'cashier',
    pin: ALICE_PIN,
    approval,
  });
  return alice.id;
}
