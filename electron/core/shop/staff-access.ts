import type pg from 'pg';
import { PosFailure } from '../pos/failure';

/**
 * Staff given access to another shop (ledger migration 0011), given or taken away by the ledger's
 * owner, whose login alone writes `ledger.staff_access`. The shop's counters hear it at once (its
 * `staff` topic) and read the member into their staff copy, or as no longer active there.
 */
export async function setStaffAccess(
  owner: pg.ClientBase,
  input: { readonly staffId: string; readonly shopId: string; readonly access: boolean },
): Promise<void> {
  const member = (
    await owner.query<{ shop_id: string; counter_id: string | null }>(
      'SELECT shop_id::text AS shop_id, counter_id FROM ledger.staff WHERE id = $1',
      [input.staffId],
    )
  ).rows[0];
  if (!member || member.counter_id !== null) {
    throw new PosFailure('NOT_FOUND', 'No member of any shop’s staff has this id.', {
      staffId: input.staffId,
    });
  }
  const shop = await owner.query('SELECT 1 FROM ledger.shops WHERE id = $1::bigint', [input.shopId]);
  if (shop.rowCount === 0) {
    throw new PosFailure('NOT_FOUND', 'The ledger has no shop with this id.', { shopId: input.shopId });
  }
  if (member.shop_id === input.shopId) {
    throw new PosFailure('INVALID_STATE', 'This is the member’s own shop: they work there already.');
  }
  await owner.query(
    input.access
      ? `INSERT INTO ledger.staff_access (staff_id, shop_id) VALUES ($1, $2::bigint)
         ON CONFLICT (staff_id, shop_id) DO UPDATE
           SET granted_at = now(), granted_by = session_user, withdrawn_at = NULL`
      : 'UPDATE ledger.staff_access SET withdrawn_at = now() WHERE staff_id = $1 AND shop_id = $2::bigint AND withdrawn_at IS NULL',
    [input.staffId, input.shopId],
  );
  await owner.query(`SELECT ledger.notify_shop($1::bigint, 'staff')`, [input.shopId]);
}
