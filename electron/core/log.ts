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

export function createLogger(sink: LogSink, redactor: Redactor, now: () => Date = () => new Date()): Logger {
  const write = (level: string, message: string, fields?: Record<string, unknown>): void => {
    const line = JSON.stringify({ at: now().toISOString(), level, message, ...fields });
    sink(redactor.redact(line));
  };
  return {
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}
