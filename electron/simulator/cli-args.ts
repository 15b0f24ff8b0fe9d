import { CurrencySchema } from '../../shared/money-schema';
import { ANSWER_STYLES, type Faults, isAnswerStyle, type SimulatorOptions } from './options';

/** Parses the simulator's command line into options, or says which flag is wrong and why. */

type NumberFault = { [K in keyof Faults]: Faults[K] extends number ? K : never }[keyof Faults];

const NUMBER_FAULT_FLAGS: Record<string, NumberFault> = {
  '--latency-ms': 'latencyMs',
  '--jitter-ms': 'jitterMs',
  '--fail-rate': 'failRate',
  '--drop-after-commit-rate': 'dropAfterCommitRate',
  '--hang-rate': 'hangRate',
  '--hang-next': 'hangNext',
  '--hang-after-commit-rate': 'hangAfterCommitRate',
  '--rate-limit-storm-rate': 'rateLimitStormRate',
  '--pending-rate': 'pendingRate',
  '--pending-delay-ms': 'pendingDelayMs',
  '--clock-offset-ms': 'clockOffsetMs',
  '--provider-error-rate': 'providerErrorRate',
  '--wrong-check-digit-rate': 'wrongCheckDigitRate',
};

export const USAGE = `Usage: npm run simulator -- [options]
  --port N                   listen on 127.0.0.1:N (default 0: a random free port)
  --seed N                   catalogue, accounts and credentials come from this seed (default 1)
  --currency USD|IQD|EUR     currency of the default account (EUR: the enterprise account)
  --balance AMOUNT           opening balance of the default account, in major units
  --data FILE                keep state in this SQLite file across restarts (default: in memory)
  --time-scale X             run simulated delays X times faster (default 1)
  --rate-limit M[/H[/D]]     requests per minute, hour and day per key (default 100/1000/10000)
  --control-token TOKEN      token of the control API (default: random)
  --allow-loopback-http-webhooks  accept http:// webhook URLs on 127.0.0.1, ::1 or localhost
  --answer-style tidy|lean|untidy  how successful answers are worded (default tidy)
Faults:
  --latency-ms N  --jitter-ms N  --fail-rate R  --drop-after-commit-rate R  --hang-rate R
  --hang-next N  --hang-after-commit-rate R  --rate-limit-storm-rate R  --pending-rate R
  --pending-delay-ms N
  --clock-offset-ms N  --provider-error-rate R  --wrong-check-digit-rate R
  --fault-paths "/esims/order,GET /balance"
Rates R are from 0 to 1.`;

function number(flag: string, text: string | undefined): number {
  const value = Number(text);
  if (text === undefined || text.trim() === '' || !Number.isFinite(value)) {
    throw new Error(`${flag} needs a number, got ${text === undefined ? 'nothing' : `"${text}"`}`);
  }
  return value;
}

export function parseArgs(argv: readonly string[]): SimulatorOptions {
  const options: SimulatorOptions = {};
  const faults: Partial<Faults> = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] ?? '';
    const [name = '', inline] = flag.includes('=') ? flag.split(/=(.*)/s) : [flag, undefined];
    const takeValue = (): string | undefined => inline ?? argv[++i];
    const faultKey = NUMBER_FAULT_FLAGS[name];
    if (faultKey) {
      faults[faultKey] = number(name, takeValue());
      continue;
    }
    switch (name) {
      case '--port':
        options.port = number(name, takeValue());
        if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) {
          throw new Error('--port must be a whole number from 0 to 65535');
        }
        break;
      case '--seed':
        options.seed = number(name, takeValue());
        if (!Number.isSafeInteger(options.seed)) throw new Error('--seed must be a whole number');
        break;
      case '--currency': {
        const text = takeValue();
        const parsed = CurrencySchema.safeParse(text);
        if (!parsed.success) throw new Error(`--currency must be USD, IQD or EUR, got "${text ?? ''}"`);
        options.currency = parsed.data;
        break;
      }
      case '--balance':
        options.balance = number(name, takeValue());
        if (options.balance < 0) throw new Error('--balance must be ≥ 0');
        break;
      case '--data': {
        const file = takeValue();
        if (!file) throw new Error('--data needs a file name');
        options.dataFile = file;
        break;
      }
      case '--time-scale':
        options.timeScale = number(name, takeValue());
        if (options.timeScale <= 0) throw new Error('--time-scale must be > 0');
        break;
      case '--rate-limit': {
        const text = takeValue() ?? '';
        const parts = text.split('/').map((p) => number(name, p));
        const [perMinute = 100, perHour = Math.max(1000, perMinute), perDay = Math.max(10_000, perHour)] =
          parts;
        if (![perMinute, perHour, perDay].every((n) => Number.isInteger(n) && n >= 1)) {
          throw new Error('--rate-limit takes whole numbers ≥ 1, as M or M/H or M/H/D');
        }
        options.rateLimit = { perMinute, perHour, perDay };
        break;
      }
      case '--control-token': {
        const token = takeValue();
        if (!token) throw new Error('--control-token needs a value');
        options.controlToken = token;
        break;
      }
      case '--allow-loopback-http-webhooks':
        options.allowLoopbackHttpWebhooks = true;
        break;
      case '--answer-style': {
        const style = takeValue();
        if (!isAnswerStyle(style)) {
          throw new Error(`--answer-style must be ${ANSWER_STYLES.join(', ')}, got "${style ?? ''}"`);
        }
        faults.answerStyle = style;
        break;
      }
      case '--fault-paths':
        faults.paths = (takeValue() ?? '')
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean);
        break;
      default:
        throw new Error(`unknown option ${flag}`);
    }
  }
  if (Object.keys(faults).length > 0) options.faults = faults;
  return options;
}
