import { parseArgs, USAGE } from './cli-args';
import { startSimulator } from './index';

/**
 * `npm run simulator -- …`: starts the simulator and prints, once it listens, exactly one JSON line on
 * stdout with its addresses and the seeded credentials. Nothing else goes to stdout, and no secret is
 * ever written to stderr.
 */
async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
  let options: ReturnType<typeof parseArgs>;
  try {
    options = parseArgs(argv);
  } catch (error) {
    console.error(`simulator: ${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const sim = await startSimulator(options);
  const line = {
    baseUrl: sim.baseUrl,
    accessCode: sim.defaultAccount.accessCode,
    secretKey: sim.defaultAccount.secretKey,
    accounts: sim.accounts,
    controlUrl: sim.controlUrl,
    controlToken: sim.controlToken,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
  const stop = (): void => {
    void sim.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`simulator: ${(error as Error).message}`);
  process.exit(1);
});
