import type pg from 'pg';
import { ledgerRefusalOf } from './ledger-refusals';

/**
 * The shop's settings in the ledger (ledger migrations 0006 and 0009), read and added as the counter's own
 * role: its newest version, and a new one on top of it.
 */

/** Which part of the shop's settings a version changed; `first` is the set a shop starts from. */
export type ShopSettingsPart = 'prices' | 'rates' | 'end_of_day' | 'first';

export interface LedgerShopSettings {
  readonly version: number;
  readonly part: ShopSettingsPart;
  /** The whole set from this version on, as the counter that sent it wrote it (read it with care). */
  readonly settings: unknown;
  readonly counterId: string;
  readonly manager: string;
  readonly at: Date;
}

/** The shop's newest version; null while the shop has none. */
export async function newestShopSettings(client: pg.ClientBase): Promise<LedgerShopSettings | null> {
  const result = await client.query<{
    version: number;
    part: ShopSettingsPart;
    settings: unknown;
    counter_id: string;
    manager: string;
    at: Date;
  }>(
    'SELECT version, part, settings, counter_id, manager, at FROM ledger.shop_settings ORDER BY version DESC LIMIT 1',
  );
  const row = result.rows[0];
  if (!row) return null;
  return {
    version: row.version,
    part: row.part,
    settings: row.settings,
    counterId: row.counter_id,
    manager: row.manager,
    at: row.at,
  };
}

/** Another version arrived first: the change was made from an older one. */
export class StaleShopSettings extends Error {
  override readonly name = 'StaleShopSettings';
}

/**
 * Adds the shop's next version on top of `after` (0 for the shop's first) and answers its number.
 * Refused with StaleShopSettings when `after` is no longer the newest, and by the ledger (42501) when
 * the manager is no active manager of this counter's shop.
 */
export async function addShopSettings(
  client: pg.ClientBase,
  change: {
    readonly after: number;
    readonly part: ShopSettingsPart;
    readonly settings: unknown;
    /**
     * The member of the shop's staff who approved it: a manager's id, or null for this counter's own
     * manager (its manager PIN). The ledger refuses any other (0009). A `first` version names the
     * counter's own settings instead.
     */
    readonly manager: string | null;
  },
): Promise<number> {
  try {
    const result = await client.query<{ version: number }>(
      'SELECT ledger.set_shop_settings($1, $2, $3::jsonb, $4) AS version',
      [change.after, change.part, JSON.stringify(change.settings), change.manager],
    );
    const version = result.rows[0]?.version;
    if (version === undefined) throw new Error('the ledger gave the shop settings no version');
    return version;
  } catch (error) {
    if (ledgerRefusalOf(error) === 'staleSettings') throw new StaleShopSettings((error as Error).message);
    throw error;
  }
}
