import type { TenderInput } from '../../../shared/domain/till';
import type { TopUp } from '../../../shared/domain/topup';
import type { PosError } from '../../../shared/errors';
import type { Money } from '../../../shared/money';
import { mbToGb } from '../../../shared/units';
import { ApiFailure } from '../api';
import { listTopUpOptions } from '../api/reads';
import type { Connection } from '../connection';
import type { TopUpsJournal } from '../journal/topups-journal';
import { certainlyNotPerformed } from '../money/definite-refusal';
import { type MoneyContext, newRecordOrigin } from '../money/money-context';
import { retailPrice } from '../money/pricing';
import { PosFailure } from '../pos/failure';
import { readEsim, toppedUpSince } from './esim-reading';

/** A second top-up of one ICCID within this window needs `confirmRepeat`. */
export const REPEAT_WINDOW_MS = 10 * 60_000;

/**
 * How an in-doubt top-up is watched: how often its eSIM is read, and how long after the answer was
 * lost an unchanged eSIM means the top-up was not applied. The wait is far longer than any request the
 * provider could still be working on (the client gives up on a top-up after 30 s).
 */
export interface TopUpCheckTiming {
  readonly checkEveryMs: number;
  readonly notAppliedAfterMs: number;
}

export const DEFAULT_TOPUP_CHECK_TIMING: TopUpCheckTiming = {
  checkEveryMs: 30_000,
  notAppliedAfterMs: 5 * 60_000,
};

export interface TopUpContext extends MoneyContext {
  readonly topUpsJournal: TopUpsJournal;
  /** Called with every state a top-up reaches after it was sent (balance, the in-doubt watcher). */
  readonly onOutcome: (topUp: TopUp) => void;
  readonly checkTiming: TopUpCheckTiming;
}

function refuseRepeat(iccid: string, others: readonly TopUp[]): never {
  const open = others.some((t) => t.state !== 'completed');
  throw new PosFailure(
    'CONFIRMATION_REQUIRED',
    open
      ? 'Another top-up of this eSIM has not been confirmed yet. Top it up again only if you are sure.'
      : 'This eSIM was topped up less than 10 minutes ago. Top it up again only if the customer wants a second top-up.',
    { iccid, recent: others.map((t) => ({ id: t.id, state: t.state, createdAt: t.createdAt })) },
  );
}

/**
 * Tops up one eSIM. The eSIM's volume and expiry are read and journalled first, then the top-up is sent
 * exactly once: the API has no idempotency key for top-ups, so nothing here (nor anywhere in the app)
 * ever sends it again. A lost answer leaves it in doubt until the eSIM shows whether it was applied.
 */
export async function topUp(
  ctx: TopUpContext,
  input: { iccid: string; packageCode: string; confirmRepeat: boolean; tender?: TenderInput | undefined },
): Promise<TopUp> {
  const connection = ctx.connection();
  const since = (): string => new Date(ctx.now().getTime() - REPEAT_WINDOW_MS).toISOString();
  const guard = (others: readonly TopUp[]): void => {
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
  const reading = await readEsim(connection, input.iccid, ctx.now());
  const id = ctx.till.record(
    'topup',
    option.retail,
    input.tender,
    (staff) =>
      ctx.topUpsJournal.createIntent(
        {
          ...newRecordOrigin(ctx, connection),
          ...staff,
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
      ).id,
  );
  const intent = ctx.topUpsJournal.require(id);
  ctx.emit({ type: 'topup.updated', topUp: intent });
  return sendOnce(ctx, intent, connection);
}

async function sendOnce(ctx: TopUpContext, intent: TopUp, connection: Connection): Promise<TopUp> {
  const sent = ctx.topUpsJournal.markSent(intent.id, ctx.now().toISOString());
  ctx.emit({ type: 'topup.updated', topUp: sent });
  let sends = 0;
  try {
    const result = await connection.client.topUp(
      { iccid: intent.iccid, packageCode: intent.packageCode },
      { lane: 'sale', onSend: (attempt) => (sends = attempt) },
    );
    const completion = {
      orderReference: result.orderReference,
      cost: result.cost,
      newBalance: result.newBalance,
      newTotalGb: result.newTotalGb,
      newRemainingGb: result.newRemainingGb,
      newExpiresAt: result.newExpiresAt,
      inferred: false,
      rawResponse: result.raw,
    };
    return settle(ctx, ctx.topUpsJournal.markCompleted(intent.id, completion, ctx.now().toISOString()));
  } catch (error) {
    const at = ctx.now();
    if (error instanceof ApiFailure && certainlyNotPerformed(error, sends)) {
      return settle(
        ctx,
        ctx.topUpsJournal.markFailed(intent.id, error.toPosError(), at.toISOString(), error.raw),
      );
    }
    if (!(error instanceof PosFailure))
      ctx.log.error('top-up ended unexpectedly', { topUpId: intent.id, error: String(error) });
    const lost: PosError =
      error instanceof PosFailure
        ? error.toPosError()
        : { code: 'INTERNAL', message: 'The top-up could not be confirmed.' };
    const inDoubt = ctx.topUpsJournal.markInDoubt(intent.id, lost, at.toISOString(), at.toISOString());
    ctx.emit({ type: 'topup.updated', topUp: inDoubt });
    // The provider may already have applied it (an answer lost after the work was done): look now.
    const checked = await checkInDoubt(ctx, inDoubt, connection);
    if (checked.state === 'in_doubt') ctx.onOutcome(checked);
    return checked;
  }
}

/**
 * One look at an in-doubt top-up's eSIM: changed since the snapshot means applied (recorded at the
 * quoted cost, marked inferred); unchanged long after the answer was lost means not applied, and
 * nothing was charged; otherwise look again later. Never re-sent.
 */
export async function checkInDoubt(ctx: TopUpContext, topUp: TopUp, connection: Connection): Promise<TopUp> {
  if (topUp.state !== 'in_doubt') return topUp;
  const now = ctx.now();
  const at = now.toISOString();
  const later = (): TopUp =>
    ctx.topUpsJournal.recordCheck(
      topUp.id,
      new Date(now.getTime() + ctx.checkTiming.checkEveryMs).toISOString(),
      at,
    );
  let reading: Awaited<ReturnType<typeof readEsim>>;
  try {
    reading = await readEsim(connection, topUp.iccid, now);
  } catch (error) {
    ctx.log.warn('in-doubt top-up check failed', { topUpId: topUp.id, error: String(error) });
    return later();
  }
  if (toppedUpSince(topUp.before, reading.snapshot)) {
    const completion = {
      orderReference: null,
      cost: ctx.topUpsJournal.quotedCost(topUp.id),
      newBalance: null,
      newTotalGb: reading.snapshot.totalMb === null ? null : mbToGb(reading.snapshot.totalMb),
      newRemainingGb: reading.snapshot.remainingMb === null ? null : mbToGb(reading.snapshot.remainingMb),
      newExpiresAt: reading.snapshot.expiresAt,
      inferred: true,
      rawResponse: reading.raw,
    };
    return settle(ctx, ctx.topUpsJournal.markCompleted(topUp.id, completion, at));
  }
  if (now.getTime() - Date.parse(topUp.since) >= ctx.checkTiming.notAppliedAfterMs) {
    const minutes = Math.round(ctx.checkTiming.notAppliedAfterMs / 60_000);
    const notApplied: PosError = {
      code: topUp.lastError.code,
      message: `The top-up was not applied: the eSIM's data and expiry did not change within ${minutes} minutes of the lost answer. Nothing was charged.`,
      details: { before: topUp.before, after: reading.snapshot },
    };
    return settle(ctx, ctx.topUpsJournal.markFailed(topUp.id, notApplied, at, reading.raw));
  }
  return later();
}

function settle(ctx: TopUpContext, topUp: TopUp): TopUp {
  ctx.emit({ type: 'topup.updated', topUp });
  ctx.onOutcome(topUp);
  return topUp;
}
