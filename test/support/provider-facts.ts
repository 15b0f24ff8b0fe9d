import { buildCatalogue, type CataloguePackage } from '../../electron/simulator/catalogue';

/**
 * What the simulator of a seed knows of its standard packages, whatever answer style its answers
 * are in. A test that needs a package of some kind (rechargeable, on the service's own network,
 * local) picks it by these facts: in the lean style the catalogue the counter syncs names only each
 * package's code and cost, so the counter's own copy cannot tell one kind from another.
 */
export function providerFacts(seed: number): (code: string) => CataloguePackage | undefined {
  const catalogue = buildCatalogue(seed, []);
  return (code) => catalogue.byCode(code);
}
