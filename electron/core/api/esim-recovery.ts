import { isIssuedIccid } from '../../../shared/iccid';
import { parseLpa } from '../../../shared/lpa';
import { Fields, parseJson } from './fields';
import { FieldProblem, type Install, iccidOrNull, installOf } from './parse';

/** An eSIM found in the text of an answer: what installs it, and its ICCID when the answer gives one beside it. */
export interface RecoveredEsim extends Install {
  readonly iccid: string | null;
}

/**
 * The eSIMs an answer holds, read from its raw text as best as can be: for an order answer the
 * client could not read as a whole (a BAD_RESPONSE, whose `raw` the ApiFailure carries), so that a
 * customer who was charged can still be handed what installs the eSIM while the sale is settled.
 *
 * JSON is searched object by object for install details (an LPA string, or SM-DP+ address and
 * activation code) with the ICCID of the same object; text that is not JSON (cut off, or not JSON
 * at all) is searched for LPA strings, each with the ICCID of the object around it. Each LPA is
 * given once, with an ICCID where one was found. Nothing here proves the order was charged.
 */
export function recoverEsims(raw: string): RecoveredEsim[] {
  const json = parseJson(raw);
  const found = json === undefined ? fromText(raw) : fromJson(json);
  const byLpa = new Map<string, RecoveredEsim>();
  for (const esim of found) {
    const known = byLpa.get(esim.lpa);
    if (!known || (known.iccid === null && esim.iccid !== null)) byLpa.set(esim.lpa, esim);
  }
  return [...byLpa.values()];
}

function fromJson(value: unknown): RecoveredEsim[] {
  if (Array.isArray(value)) return value.flatMap(fromJson);
  const fields = Fields.maybe(value, '');
  if (!fields) return [];
  const own = installOrNull(fields);
  const here = own ? [{ ...own, iccid: iccidOrNull(fields, 'iccid') }] : [];
  return [...here, ...Object.values(value as object).flatMap(fromJson)];
}

function installOrNull(fields: Fields): Install | null {
  try {
    return installOf(fields);
  } catch (error) {
    if (error instanceof FieldProblem) return null;
    throw error;
  }
}

/** An LPA in running text: an SM-DP+ host (and port) and an activation code of the characters codes use. */
const LPA_IN_TEXT = /LPA:1\$[A-Za-z0-9.:-]+\$[A-Za-z0-9._-]+/g;
const ICCID_IN_TEXT = /"iccid"\s*:\s*"?([0-9A-Za-z]+)"?/;

function fromText(raw: string): RecoveredEsim[] {
  return [...raw.matchAll(LPA_IN_TEXT)].flatMap((match) => {
    const lpa = match[0];
    const parsed = parseLpa(lpa);
    if (!parsed.ok) return [];
    // The ICCID sits in the same JSON object as the LPA: between the nearest braces around it.
    const start = raw.lastIndexOf('{', match.index);
    const end = raw.indexOf('}', match.index);
    const around = raw.slice(Math.max(0, start), end < 0 ? raw.length : end);
    const iccid = ICCID_IN_TEXT.exec(around)?.[1] ?? null;
    return [{ lpa, ...parsed.value, iccid: iccid !== null && isIssuedIccid(iccid) ? iccid : null }];
  });
}
