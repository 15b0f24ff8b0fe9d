import type { CataloguePackage } from './catalogue';
import type { Sim } from './sim';

/** The catalogue entry an order or eSIM was made from; its absence means the state and seed disagree. */
export function catalogueEntry(sim: Sim, code: string): CataloguePackage {
  const pkg = sim.catalogue.byCode(code);
  if (!pkg) throw new Error(`package ${code} is not in the catalogue of seed ${sim.seed}`);
  return pkg;
}
