import { afterEach, describe, expect, it } from 'vitest';
import { createResellerClient } from '../../electron/core/api/client';
import type { ConnectionState } from '../../electron/core/api/request-runner';
import { type RunningSimulator, startSimulator } from '../../electron/simulator/index';

// The connection state follows the calls the client really made to the simulator over HTTP.
let sim: RunningSimulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

describe('the connection state follows the real calls', () => {
  it('online after an answer in time, degraded after a server error or a slow answer, offline when unreachable', async () => {
    const running = await startSimulator({ port: 0, seed: 11 });
    sim = running;
    const changes: ConnectionState[] = [];
    const client = createResellerClient({
      baseUrl: running.baseUrl,
      credentials: () => running.defaultAccount,
      onConnectionChange: (state) => changes.push(state),
    });
    expect(client.status().connection).toBe('unknown');

    await client.getBalance();
    expect(client.status().connection).toBe('online');

    running.setFaults({ failRate: 1, paths: ['GET /balance'] });
    await expect(client.getBalance()).rejects.toThrow();
    expect(client.status().connection).toBe('degraded');

    running.setFaults({ failRate: 0, latencyMs: 3500 });
    await client.getBalance();
    expect(client.status().connection).toBe('degraded');

    running.setFaults({ latencyMs: 0 });
    await client.getBalance();
    expect(client.status().connection).toBe('online');

    await running.close();
    sim = undefined;
    await expect(client.getBalance()).rejects.toThrow();
    expect(client.status().connection).toBe('offline');
    // Told once per change, never per call (the closed server may first drop a kept-alive socket).
    expect(changes.slice(0, 3)).toEqual(['online', 'degraded', 'online']);
    expect(changes.at(-1)).toBe('offline');
    expect(changes.filter((state, i) => state === changes[i - 1])).toEqual([]);
  }, 30_000);
});
