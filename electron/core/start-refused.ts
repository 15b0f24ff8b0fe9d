/**
 * Why a counter refuses to start: another counter has its data open, or its journal cannot be trusted
 * (damaged, emptied, older than its backups, its write-ahead log lost) or written. The message is for
 * whoever started it and says what to do; the hosts print it (web host) or show it (Electron) and exit
 * with a non-zero code. Starting anyway would put the shop's money records at risk.
 */
export class StartRefused extends Error {
  override readonly name = 'StartRefused';
}
