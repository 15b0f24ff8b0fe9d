import { buildCatalogue } from '../../electron/simulator/catalogue';
import { answerStyleFromEnvironment } from '../../electron/simulator/options';

/** The web host's training simulator (support/web-host.ts): its catalogue is drawn from this seed. */
const TRAINING_SEED = 1;

/**
 * What a cashier types to find a country's packages. A provider that states no package names or
 * countries (the simulator's lean answer style) leaves the counter only the package codes to search,
 * so there it is the code of the first local package for that country in the training catalogue.
 */
export function destination(country: string): string {
  if (answerStyleFromEnvironment() !== 'lean') return country;
  const local = buildCatalogue(TRAINING_SEED, []).standard.find(
    (pkg) => pkg.type === 'local' && pkg.countries.some((each) => each.name === country),
  );
  if (!local) throw new Error(`the training catalogue has no local package for ${country}`);
  return local.code;
}
