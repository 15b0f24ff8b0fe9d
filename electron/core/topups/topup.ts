import type { TenderInput } from '../../../shared/domain/till';
import type { TopUp } from '../../../shared/domain/topup';
import { TOPUP_UNANSWERED_STATES } from '../../../shared/domain/topup-states';
import type { PosError } from '../../../shared/errors';
import type { Money } from '../../../shared/money';
import { ApiFailure } from '../api';
import { listTopUpOptions } from '../api/reads';
import type { Connection } from '../connection';
import type { TopUpsJournal } from '../journal/topups-journal';
import { certainlyNotPerformed } from '../money/definite-refusal';
import { sendAnswers } from '../money/kept-answers';
import { type MoneyContext, newRecordOrigin } from '../money/money-context';
import { retailPrice } from '../money/pricing';
import { requireQuotedPrice } from '../money/quoted-price';
import { CLOCK_MARGIN_MS } from '../money/send-window';
import { PosFailure } from '../pos/failure';
import type { ShopTopUp } from '../shop/topup-leases';
import { readEsim } from './esim-reading';
import type { ShopCheck, ShopTopUps } from './shop-topups';
import { type ClaimsElsewhere, searchTopUpOrders, type TopUpSearchDeps } from './topup-search';

/** The request a top-up makes; its answers are journalled under this name. */
const TOPUP_REQUEST = 'POST /topup/order';

/** A second top-up of one ICCID within this window needs `confirmRepeat`. */
export const REPEAT_WINDOW_MS = 10 * 60_000;

/**
 * After a top-up of an eSIM went in doubt, a second one of that eSIM waits this long: the provider
 * then dates the second one's order well after the first stopped waiting, by more than the clocks may
 * disagree, so the first's search rules it out and never offers it to the manager as the first's.
 */
export const IN_DOUBT_SEPARATION_MS = 2 * CLOCK_MARGIN_MS;

/**
 * How an in-doubt top-up is watched: how often the provider's order list is read for it, and for how
 * long after its answer was lost (a lagging list shows the orders late). It waits, in doubt, for the
 * manager all along; asking for it (getTopUp) reads the list again.
 */
export interface TopUpCheckTiming {
  readonly checkEveryMs: number;
  readonly watchForMs: number;
}

export const DEFAULT_TOPUP_CHECK_TIMING: TopUpCheckTiming = {
  checkEveryMs: 30_000,
  watchForMs: 10 * 60_000,
};

export interface TopUpContext extends MoneyContext {
  readonly topUpsJournal: TopUpsJournal;
  /** Called with every state a top-up reaches after it was sent (balance, the in-doubt watcher). */
  readonly onOutcome: (topUp: TopUp) => void;
  readonly checkTiming: TopUpCheckTiming;
  /** Which provider orders the shop's other counters hold, when that can be checked. */
  readonly claimsElsewhere: ClaimsElsewhere;
  /** The shop's other counters' top-ups and the eSIM's lease (a counter on its own has none). */
  readonly shopTopUps: ShopTopUps;
}

/**
 * One top-up of an eSIM on the wire at a time, whatever the cashier confirms: one in intent or sent,
 * or one gone in doubt less than IN_DOUBT_SEPARATION_MS ago, refuses another.
 */
function refuseInFlight(iccid: string, others: readonly TopUp[], now: Date): void {
  const busy = others.find(
    (t) =>
      TOPUP_UNANSWERED_STATES.includes(t.state) ||
      (t.state === 'in_doubt' && now.getTime() < Date.parse(t.since) + IN_DOUBT_SEPARATION_MS),
  );
  if (!busy) return;
  throw new PosFailure(
    'INVALID_STATE',
    'Another top-up of this eSIM is on its way, or has just lost its answer. Wait a few seconds and look at it before topping up again.',
    { iccid, inFlight: { id: busy.id, state: busy.state, createdAt: busy.createdAt } },
  );
}

function refuseRepeat(
  iccid: string,
  others: readonly (Pick<TopUp, 'id' | 'state' | 'createdAt'> | ShopTopUp)[],
): never {
  const open = others.some((t) => t.state !== 'completed');
  throw new PosFailure(
    'CONFIRMATION_REQUIRED',
    open
      ? 'Another top-up of this eSIM has not been confirmed yet. Top it up again only if you are sure.'
      : 'This eSIM was topped up less than 10 minutes ago. Top it up again only if the customer wants a second top-up.',
    {
      iccid,
      recent: others.map((t) => ({
        id: t.id,
        state: t.state,
        createdAt: t.createdAt,
        ...('counterCode' in t ? { counterCode: t.counterCode } : {}),
      })),
    },
  );
}

/**
 * What the shop's other counters say before a top-up is sent. Another counter's lease refuses it, even
 * confirmed; another counter's recent top-up is the repeat question; a ledger out of reach is the
 * repeat question too, saying why, since any other counter may have topped the eSIM up. A confirmed
 * repeat goes on, with the lease or (the ledger out of reach) without.
 */
function refuseByShop(iccid: string, shop: ShopCheck, confirmRepeat: boolean): void {
  if (shop.kind === 'held') {
    const { lease } = shop;
    throw new PosFailure(
      'TOPUP_LEASE_HELD',
      `Counter ${lease.counterCode} (${lease.counterName}) is topping up this eSIM since ${lease.takenAt}. Nothing was sent.`,
      {
        iccid,
        counterCode: lease.counterCode,
        counterName: lease.counterName,
        since: lease.takenAt,
        until: lease.expiresAt,
      },
    );
  }
  if (shop.kind === 'repeat') refuseRepeat(iccid, shop.others);
  if (shop.kind === 'unchecked' && !confirmRepeat) {
    throw new PosFailure(
      'CONFIRMATION_REQUIRED',
      'Other counters cannot be checked right now: another counter may have topped up this eSIM. Top it up only if the customer wants this top-up.',
      { iccid, recent: [], otherCountersUnchecked: true },
    );
  }
}

/**
 * Tops up one eSIM. The eSIM's volume and expiry are read and journalled first, then the top-up is sent
 * exactly once: the API has no idempotency key for top-ups, so nothing here (nor anywhere in the app)
 * ever sends it again. A lost answer leaves it in doubt for a manager, with the provider's orders that
 * may be its own (see checkInDoubt).
 */
export async function topUp(
  ctx: TopUpContext,
  input: {
    iccid: string;
    packageCode: string;
    confirmRepeat: boolean;
    tender?: TenderInput | undefined;
    quotedTotal?: Money | undefined;
  },
): Promise<TopUp> {
  const connection = ctx.connection();
  const since = (): string => new Date(ctx.now().getTime() - REPEAT_WINDOW_MS).toISOString();
  const guard = (others: readonly TopUp[]): void => {
    refuseInFlight(input.iccid, others, ctx.now());
    if (others.length > 0 && !input.confirmRepeat) refuseRepeat(input.iccid, others);
  };
  // Checked before any request, and again in the transaction that records the intent.
  guard(ctx.topUpsJournal.recentFor(input.iccid, since()));
  const price = (cost: Money, pkg: { readonly code: string }): Money => retailPrice(cost, pkg, ctx.pricing());
  const { packages } = await listTopUpOptions(connection.client, input.iccid, price);
  const option = packages.find((o) => o.code === input.packageCode);
  if (!option) {
    throw new PosFailure(
      'INVALID_TOPUP_PACKAGE',
      'This top-up package is not offered for this eSIM. Pick one from the list.',
      { iccid: input.iccid, packageCode: input.packageCode },
    );
  }
  // The provider's current top-up price with today's markup, against what the cashier quoted.
  requireQuotedPrice(input.quotedTotal, option.retail, option.code);
  const reading = await readEsim(connection, input.iccid, ctx.now());
  const origin = newRecordOrigin(ctx, connection);
  // The shop last, just before the intent: its lease is held as briefly as the top-up allows.
  const shop = await ctx.shopTopUps.check({
    iccid: input.iccid,
    topUpId: origin.id,
    confirmRepeat: input.confirmRepeat,
    since: new Date(since()),
  });
  let written: { readonly intent: TopUp; readonly sent: TopUp };
  try {
    refuseByShop(input.iccid, shop, input.confirmRepeat);
    // The intent, how it was paid and its "sent" mark, with one record, in one transaction and one
    // fsync before anything is sent: a top-up that cannot be written leaves nothing behind.
    written = ctx.till.record(option.retail, input.tender, (paid) =>
      ctx.topUpsJournal.createSent(
        {
          ...origin,
          ...paid,
          iccid: input.iccid,
          packageCode: option.code,
          packageName: option.name,
          retail: option.retail,
          quotedCost: option.cost,
          before: reading.snapshot,
          beforeRaw: reading.raw,
        },
        ctx.now().toISOString(),
        since(),
        guard,
      ),
    );
  } catch (error) {
    // Refused before anything was sent: a lease it may hold is given back.
    ctx.shopTopUps.dropped(origin.id);
    throw error;
  }
  const { intent, sent } = written;
  // Told once both are committed, each state as the top-up went through it.
  ctx.emit({ type: 'topup.updated', topUp: intent });
  ctx.emit({ type: 'topup.updated', topUp: sent });
  return sendOnce(ctx, sent, connection);
}

/** Sends a top-up marked sent, once: it is never sent again, whatever its answer. */
async function sendOnce(ctx: TopUpContext, sent: TopUp, connection: Connection): Promise<TopUp> {
  try {
    const result = await connection.client.topUp(
      { iccid: sent.iccid, packageCode: sent.packageCode },
      { lane: 'sale' },
    );
    const completion = {
      orderReference: result.orderReference,
      cost: result.cost ?? ctx.topUpsJournal.quotedCost(sent.id),
      newBalance: result.newBalance,
      newTotalGb: result.newTotalGb,
      newRemainingGb: result.newRemainingGb,
      newExpiresAt: result.newExpiresAt,
      inferred: false,
      answers: sendAnswers(TOPUP_REQUEST, 1, result.answers),
    };
    return settle(
      ctx,
      ctx.outcomes.recordTopUp(sent, { to: 'completed', completion }, ctx.now().toISOString()),
    );
  } catch (error) {
    const at = ctx.now().toISOString();
    // Sent once, so every answer is of send 1: an unreadable one is kept all the same.
    const answers = error instanceof ApiFailure ? sendAnswers(TOPUP_REQUEST, 1, error.answers) : [];
    if (error instanceof ApiFailure && certainlyNotPerformed(error)) {
      const refused = { to: 'failed', error: error.toPosError(), answers } as const;
      return settle(ctx, ctx.outcomes.recordTopUp(sent, refused, at));
    }
    if (!(error instanceof PosFailure))
      ctx.log.error('top-up ended unexpectedly', { topUpId: sent.id, error: String(error) });
    const lost: PosError =
      error instanceof PosFailure
        ? error.toPosError()
        : { code: 'INTERNAL', message: 'The top-up could not be confirmed.' };
    const inDoubt = ctx.outcomes.recordTopUp(
      sent,
      { to: 'in_doubt', error: lost, nextCheckAt: at, answers },
      at,
    );
    ctx.emit({ type: 'topup.updated', topUp: inDoubt });
    // An in-doubt state the journal could not take yet is looked at once it is written.
    if (ctx.outcomes.holds('topup', sent.id)) return inDoubt;
    // The provider may already have applied it (an answer lost after the work was done): look now.
    const checked = await checkInDoubt(ctx, inDoubt, connection);
    if (checked.state === 'in_doubt') ctx.onOutcome(checked);
    return checked;
  }
}

/**
 * One look at the provider's orders for an in-doubt top-up (see topup-search.ts): the orders of its
 * eSIM around the time it was on the wire, each with what rules it out. It never settles the top-up:
 * no order the provider lists can be proven to be this top-up's (another writer's looks the same), and
 * a change in the eSIM's data proves nothing either (another top-up, or usage lagging). The top-up
 * waits for a manager's decision (topup-decision.ts); the look is repeated on the watch schedule, then
 * when someone asks. Never re-sent.
 */
export async function checkInDoubt(ctx: TopUpContext, topUp: TopUp, connection: Connection): Promise<TopUp> {
  if (topUp.state !== 'in_doubt') return topUp;
  const now = ctx.now();
  const at = now.toISOString();
  const watching = now.getTime() < Date.parse(topUp.since) + ctx.checkTiming.watchForMs;
  const next = watching ? new Date(now.getTime() + ctx.checkTiming.checkEveryMs).toISOString() : null;
  try {
    const { search } = await searchTopUpOrders(searchDeps(ctx, connection), topUp);
    const looked = ctx.topUpsJournal.recordSearch(topUp.id, search, next, at);
    // Every window is told when the orders found change, not at every look.
    if (JSON.stringify(topUp.search?.orders) !== JSON.stringify(search.orders))
      ctx.emit({ type: 'topup.updated', topUp: looked });
    return looked;
  } catch (error) {
    if (!(error instanceof PosFailure)) throw error;
    ctx.log.warn('in-doubt top-up check failed', { topUpId: topUp.id, code: error.code });
    return ctx.topUpsJournal.recordCheck(topUp.id, next, at);
  }
}

/** What a search of the provider's orders for one of this counter's top-ups needs. */
export function searchDeps(ctx: TopUpContext, connection: Connection): TopUpSearchDeps {
  return {
    connection,
    journal: ctx.topUpsJournal,
    claimsElsewhere: ctx.claimsElsewhere,
    now: ctx.now,
  };
}

export function settle(ctx: Pick<TopUpContext, 'emit' | 'onOutcome'>, topUp: TopUp): TopUp {
  ctx.emit({ type: 'topup.updated', topUp });
  ctx.onOutcome(topUp);
  return topUp;
}
