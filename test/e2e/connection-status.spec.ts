import { expect, test } from './counter-fixture';

test('Online, Degraded and back follow the real calls to the provider: its errors and its slow answers', async ({
  page,
  counter,
}) => {
  await counter.open(page);
  const connection = page.getByRole('status', { name: /^(Online|Degraded|Offline|Connecting)/ });
  await counter.api('getBalance');
  await expect(connection).toHaveText('Online');

  // The provider answers the balance read with a server error: the call the counter made failed.
  await counter.sim.setFaults({ failRate: 1, paths: ['GET /balance'] });
  await counter.api('getBalance').catch(() => undefined);
  await expect(connection).toHaveText('Degraded: the provider is slow or failing');

  await counter.sim.setFaults({ failRate: 0 });
  await counter.api('getBalance');
  await expect(connection).toHaveText('Online');

  // It answers, but slowly: four seconds for a balance.
  await counter.sim.setFaults({ latencyMs: 4000, paths: ['GET /balance'] });
  await counter.api('getBalance');
  await expect(connection).toHaveText('Degraded: the provider is slow or failing');
});
