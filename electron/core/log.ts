import { closeSync, existsSync, fstatSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';

/**
 * A small structured logger. Every line passes through a redactor that replaces any registered secret
 * (the API secret key, webhook secrets) with "[redacted]", so a secret that slips into an error or a
 * field still never reaches the log.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export type LogSink = (line: string) => void;

export class Redactor {
  private readonly secrets = new Set<string>();

  /** Registers a secret to be blanked out of every log line from now on. Short strings are ignored. */
  add(secret: string | null | undefined): void {
    if (secret && secret.length >= 6) this.secrets.add(secret);
  }

  redact(text: string): string {
    let out = text;
    for (const secret of this.secrets) out = out.split(secret).join('[redacted]');
    return out;
  }
}

/** Identical lines (same level, message and fields) written per window; the rest are counted, not written. */
const REPEATS_PER_WINDOW = 5;
const REPEAT_WINDOW_MS = 60_000;
/** Distinct lines tracked at once; past this the oldest counts are written out and forgotten. */
const LINES_TRACKED = 1_000;

interface Repeats {
  windowStart: number;
  written: number;
  left: number;
}

/**
 * A logger whose lines are redacted, and rate-limited per identical line (level, message and fields;
 * not the time): a flood of one event (a client hammering the web host with the same bad request)
 * writes its first few lines each minute and then one line counting what it left out, so it cannot
 * fill the disk through the log. Lines that differ (each API request, each sale) are all written.
 */
export function createLogger(sink: LogSink, redactor: Redactor, now: () => Date = () => new Date()): Logger {
  const repeats = new Map<string, Repeats>();
  const emit = (level: string, at: Date, message: string, fields?: Record<string, unknown>): void => {
    sink(redactor.redact(JSON.stringify({ at: at.toISOString(), level, message, ...fields })));
  };
  const leftOut = (level: string, at: Date, message: string, seen: Repeats): void => {
    if (seen.left === 0) return;
    emit(level, at, 'repeated log lines left out', {
      repeated: message,
      count: seen.left,
      since: new Date(seen.windowStart).toISOString(),
    });
  };
  const write = (level: string, message: string, fields?: Record<string, unknown>): void => {
    const at = now();
    const key = `${level}\0${message}\0${JSON.stringify(fields ?? {})}`;
    let seen = repeats.get(key);
    if (!seen || at.getTime() - seen.windowStart >= REPEAT_WINDOW_MS) {
      if (seen) leftOut(level, at, message, seen);
      repeats.delete(key);
      const oldest = repeats.keys().next();
      if (repeats.size >= LINES_TRACKED && !oldest.done) {
        const [oldLevel, oldMessage] = oldest.value.split('\0');
        leftOut(oldLevel ?? level, at, oldMessage ?? '', repeats.get(oldest.value)!);
        repeats.delete(oldest.value);
      }
      seen = { windowStart: at.getTime(), written: 0, left: 0 };
      repeats.set(key, seen);
    }
    if (seen.written >= REPEATS_PER_WINDOW) {
      seen.left += 1;
      return;
    }
    seen.written += 1;
    emit(level, at, message, fields);
  };
  return {
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}

export interface LogFileLimits {
  /** A file is rotated before it would grow past this. */
  readonly maxBytes: number;
  /** Rotated files kept (counter.log.1 … .N); older ones are removed. */
  readonly keep: number;
}

/** 5 MB a file, four old ones kept: at most 25 MB of log, weeks of a busy counter's lines. */
export const DEFAULT_LOG_LIMITS: LogFileLimits = { maxBytes: 5 * 1024 * 1024, keep: 4 };

/**
 * The log file, rotated by size: `file` holds the newest lines, `file.1` the ones before, up to
 * `file.{keep}`. Written synchronously line by line (a crash loses no line already logged), readable by
 * its owner only. A line the disk will not take is dropped: the log must never stop the counter.
 */
export function rotatingFile(
  file: string,
  limits: LogFileLimits = DEFAULT_LOG_LIMITS,
): { readonly write: LogSink; close(): void } {
  let fd: number | null = null;
  let size = 0;
  const open = (): number => {
    const opened = openSync(file, 'a', 0o600);
    size = fstatSync(opened).size;
    fd = opened;
    return opened;
  };
  const rotate = (): void => {
    if (fd !== null) closeSync(fd);
    fd = null;
    rmSync(`${file}.${limits.keep}`, { force: true });
    for (let n = limits.keep - 1; n >= 1; n -= 1) {
      if (existsSync(`${file}.${n}`)) renameSync(`${file}.${n}`, `${file}.${n + 1}`);
    }
    if (existsSync(file)) renameSync(file, `${file}.1`);
  };
  return {
    write(line) {
      const bytes = Buffer.from(`${line}\n`, 'utf8');
      try {
        const current = fd ?? open();
        if (size > 0 && size + bytes.length > limits.maxBytes) {
          rotate();
          writeSync(open(), bytes);
        } else {
          writeSync(current, bytes);
        }
        size += bytes.length;
      } catch {
        // A full or read-only disk: the line is lost, the counter goes on (the status shows the disk).
      }
    },
    close() {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}
