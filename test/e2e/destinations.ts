import { buildCatalogue, type CataloguePackage } from '../../electron/simulator/catalogue';
import { answerStyleFromEnvironment } from '../../electron/simulator/options';

/** The web host's training simulator (support/web-host.ts): its catalogue is drawn from this seed. */
export const TRAINING_SEED = 1;

/** A package of the web host's training catalogue as the simulator holds it, whatever its answers state. */
export function trainingPackage(code: string): CataloguePackage {
  const pkg = buildCatalogue(TRAINING_SEED, []).standard.find((each) => each.code === code);
  if (!pkg) throw new Error(`the training catalogue has no package ${code}`);
  return pkg;
}

/** The code of the first local package for `country` in the web host's training catalogue. */
export function localPackageCode(country: string): string {
  const local = buildCatalogue(TRAINING_SEED, []).standard.find(
    (pkg) => pkg.type === 'local' && pkg.countries.some((each) => each.name === country),
  );
  if (!local) throw new Error(`the training catalogue has no local package for ${country}`);
  return local.code;
}

/**
 * What a cashier types to find a country's packages. A provider that states no package names or
 * countries (the simulator's lean answer style) leaves the counter only the package codes to search,
 * so there it is the code of the first local package for that country in the training catalogue.
 */
export function destination(country: string): string {
  return answerStyleFromEnvironment() === 'lean' ? localPackageCode(country) : country;
}
