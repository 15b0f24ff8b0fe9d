import type { ApiContext } from './context';
import { refreshEsim } from './lifecycle';
import { type EsimRow, esimByIccid, esimById } from './records';
import { fail, type Reply } from './replies';

/** What an endpoint answers for an eSIM of another account: the description varies by endpoint. */
export type NotOwned = 'FORBIDDEN' | 'ESIM_NOT_FOUND';

export function bodyOf(ctx: ApiContext): Record<string, unknown> {
  const body = ctx.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/**
 * Finds the eSIM a care request names by `iccid` or `esimId` (`iccid` takes precedence), refreshed
 * for the time that passed. Unknown: 404 ESIM_NOT_FOUND; another account's: as `notOwned` says.
 */
export function resolveEsim(ctx: ApiContext, notOwned: NotOwned): EsimRow | Reply {
  const body = bodyOf(ctx);
  const { iccid, esimId } = body;
  let esim: EsimRow | undefined;
  if (typeof iccid === 'string' && iccid !== '') {
    esim = esimByIccid(ctx.sim.db, iccid);
  } else if (typeof esimId === 'number' && Number.isInteger(esimId)) {
    esim = esimById(ctx.sim.db, esimId);
  } else {
    return fail('MISSING_IDENTIFIER', 'Give the eSIM as iccid (a string) or esimId (an integer)');
  }
  const named = typeof iccid === 'string' && iccid !== '' ? `ICCID ${iccid}` : `eSIM id ${String(esimId)}`;
  if (!esim) return fail('ESIM_NOT_FOUND', `No eSIM with ${named}`);
  if (esim.account_id !== ctx.account.id) {
    return notOwned === 'FORBIDDEN'
      ? fail('FORBIDDEN', `The eSIM with ${named} is not in this account`)
      : fail('ESIM_NOT_FOUND', `No eSIM with ${named}`);
  }
  return refreshEsim(ctx.sim, esim);
}

export function isEsim(value: EsimRow | Reply): value is EsimRow {
  return 'iccid' in value;
}
