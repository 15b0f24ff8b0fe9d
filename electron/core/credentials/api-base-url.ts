import { PosFailure } from '../pos/failure';

/** Hosts that never leave this computer: a simulator or a development server may speak plain http there. */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Why an API base URL may not carry signed requests, or null when it may. Every request carries the
 * access code and a signature of its body, and the answers carry activation codes: over plain http
 * anyone on the shop's network could read them, so a live address must be https. Loopback is
 * excepted for the simulator and development.
 */
export function apiBaseUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'The API base URL is not a web address.';
  }
  if (url.username !== '' || url.password !== '')
    return 'The API base URL must not contain a user name or password.';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return 'The API base URL must start with https:// (plain http is allowed only for this computer, 127.0.0.1 or localhost).';
}

/** Throws INVALID_INPUT naming `path` (the input field) unless the URL may carry signed requests. */
export function requireSafeApiBaseUrl(text: string, path: string): string {
  const problem = apiBaseUrlProblem(text);
  if (problem !== null)
    throw new PosFailure('INVALID_INPUT', problem, { issues: [{ path, message: problem }] });
  return text;
}
