import { answerStyleFromEnvironment } from '../../electron/simulator/options';
import { presentReply } from '../../electron/simulator/present';
import { ok } from '../../electron/simulator/replies';
import { TRAINING_SEED } from './destinations';

/**
 * Whether the web host's training simulator, in the answer style of this run, states an order's time
 * anywhere a counter reads it: its order list or its order record (GET /esims/order). An untidy
 * provider leaves it out of both for about one order in forty, and which order depends on its
 * reference (so on the day): the simulator's own presentation of the order's answers says which.
 */
export function statesOrderTime(orderReference: string): boolean {
  const style = answerStyleFromEnvironment() ?? 'tidy';
  if (style === 'tidy') return true;
  const how = { style, seed: TRAINING_SEED, currency: 'USD' } as const;
  const at = new Date().toISOString();
  const list = presentReply(
    'GET /orders',
    ok({ success: true, data: { orders: [{ order_reference: orderReference, created_at: at }] } }),
    how,
  ).body as { data: { orders: { created_at?: unknown }[] } };
  const record = presentReply(
    'GET /esims/order',
    ok({ success: true, order: { orderReference, orderDate: at } }),
    how,
  ).body as { order: { orderDate?: unknown } };
  return typeof list.data.orders[0]?.created_at === 'string' || typeof record.order.orderDate === 'string';
}
