import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../electron/simulator';
import { PackageListResponseSchema } from '../../shared/api';
import { call, type Json } from './support/signed-fetch';
import { startSimulator } from './support/tidy-simulator';

let sim: RunningSimulator;
async function allPackages(
  target: RunningSimulator,
  account = target.defaultAccount,
  query = '',
): Promise<Json[]> {
  const packages = [];
  for (let page = 1; ; page++) {
    const res = await call(target.baseUrl, account, 'GET', `/esims/packages?limit=100&page=${page}${query}`);
    expect(res.status).toBe(200);
    PackageListResponseSchema.parse(res.body);
    packages.push(...res.body.data.packages);
    if (page >= res.body.data.pagination.total_pages) return packages;
  }
}

beforeAll(async () => {
  sim = await startSimulator({ seed: 13, rateLimit: { perMinute: 1000, perHour: 10_000, perDay: 100_000 } });
});
afterAll(() => sim.close());

describe('GET /esims/packages', () => {
  it('lists a realistic catalogue: ≥150 countries, ≥1,500 packages, local, regional and global', async () => {
    const packages = await allPackages(sim);
    expect(packages.length).toBeGreaterThanOrEqual(1500);
    const localCountries = new Set(
      packages
        .filter((p) => p.type === 'local')
        .flatMap(
          (p) => p.countries ?? p.locationNetworkList.map((l: { locationName: string }) => l.locationName),
        ),
    );
    expect(localCountries.size).toBeGreaterThanOrEqual(150);
    for (const type of ['local', 'regional', 'global']) {
      expect(
        packages.some((p) => p.type === type),
        type,
      ).toBe(true);
    }
    expect(new Set(packages.map((p) => p.package_code)).size).toBe(packages.length);
  });

  it('lists only packages of 1 GB or more', async () => {
    const packages = await allPackages(sim);
    expect(packages.every((p) => p.data_amount_gb >= 1)).toBe(true);
  });

  it('sorts local, then regional, then global', async () => {
    const order = { local: 0, regional: 1, global: 2 } as Record<string, number>;
    const ranks = (await allPackages(sim)).map((p) => order[p.type]);
    expect(ranks).toEqual([...ranks].sort((a, b) => (a ?? 0) - (b ?? 0)));
  });

  it('prices in the account currency: USD with at most 2 decimals, IQD whole', async () => {
    const usd = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/esims/packages?limit=100');
    for (const p of usd.body.data.packages) {
      expect(p.currency).toBe('USD');
      expect(Math.round(p.cost * 100) / 100).toBe(p.cost);
    }
    const iqdAccount = sim.accounts.find((a) => a.currency === 'IQD');
    const iqd = await call(sim.baseUrl, iqdAccount ?? null, 'GET', '/esims/packages?limit=100');
    for (const p of iqd.body.data.packages) {
      expect(p.currency).toBe('IQD');
      expect(Number.isInteger(p.cost)).toBe(true);
    }
  });

  it('pages with default limit 50 and maximum 100', async () => {
    const first = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/esims/packages');
    expect(first.body.data.packages).toHaveLength(50);
    expect(first.body.data.pagination).toMatchObject({ page: 1, limit: 50 });
    const { total } = first.body.data.pagination;
    expect(first.body.data.pagination.total_pages).toBe(Math.ceil(total / 50));
    const capped = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/esims/packages?limit=500&page=2');
    expect(capped.body.data.packages).toHaveLength(100);
    expect(capped.body.data.pagination).toMatchObject({ page: 2, limit: 100, total });
    const bad = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/esims/packages?limit=0');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/limit/);
  });

  it('filters by type and searches by country name or code', async () => {
    const regional = await allPackages(sim, sim.defaultAccount, '&type=regional');
    expect(regional.length).toBeGreaterThan(0);
    expect(regional.every((p) => p.type === 'regional')).toBe(true);
    const iraq = await allPackages(sim, sim.defaultAccount, '&search=iraq');
    expect(iraq.some((p) => p.type === 'local' && p.region === 'Iraq')).toBe(true);
    expect(iraq.some((p) => p.type === 'regional')).toBe(true);
    const byCode = await allPackages(sim, sim.defaultAccount, '&search=IQ&type=local');
    expect(byCode.every((p) => p.region === 'Iraq')).toBe(true);
  });

  it('gives own-network packages countries and networks, partner packages only locationNetworkList', async () => {
    const packages = await allPackages(sim);
    const own = packages.filter((p) => p.countries);
    const partner = packages.filter((p) => !p.countries);
    expect(own.length).toBeGreaterThan(0);
    expect(partner.length).toBeGreaterThan(0);
    expect(own.every((p) => p.networks.length > 0)).toBe(true);
    expect(partner.every((p) => p.networks === undefined && p.locationNetworkList.length > 0)).toBe(true);
  });

  it('shows an enterprise account its own ent_ packages of type enterprise, in EUR', async () => {
    const enterprise = sim.accounts.find((a) => a.kind === 'enterprise');
    const packages = await allPackages(sim, enterprise);
    expect(packages.length).toBeGreaterThan(0);
    for (const p of packages) {
      expect(p.type).toBe('enterprise');
      expect(p.package_code.startsWith('ent_')).toBe(true);
      expect(p.currency).toBe('EUR');
    }
  });

  it('gives the same catalogue for the same seed, and another for another seed', async () => {
    const again = await startSimulator({ seed: 13 });
    const other = await startSimulator({ seed: 14 });
    try {
      const codes = async (s: RunningSimulator) =>
        (
          await call(s.baseUrl, s.defaultAccount, 'GET', '/esims/packages?limit=100&page=3')
        ).body.data.packages.map(
          (p: { package_code: string; cost: number }) => `${p.package_code}:${p.cost}`,
        );
      expect(await codes(again)).toEqual(await codes(sim));
      expect(await codes(other)).not.toEqual(await codes(sim));
      expect(again.accounts).toEqual(sim.accounts);
      expect(other.defaultAccount.secretKey).not.toBe(sim.defaultAccount.secretKey);
    } finally {
      await again.close();
      await other.close();
    }
  });
});
