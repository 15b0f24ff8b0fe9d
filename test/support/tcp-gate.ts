import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay on 127.0.0.1 in front of a server (the shop ledger's PostgreSQL), which a test or the
 * benchmark can make slow or stop: a network that hangs, or answers late. Bytes are never changed.
 * - `hang()`: nothing more passes either way (connections stay open, and new ones are taken but get
 *   no answer) until `flow()`;
 * - `delay(ms)`: everything the server sends arrives `ms` later;
 * - `cut()`: every connection is dropped, as a network failure drops it.
 */
export interface TcpGate {
  readonly port: number;
  hang(): void;
  flow(): void;
  delay(ms: number): void;
  cut(): void;
  /** Bytes held while hung (the proof that something was on its way). */
  readonly held: number;
  close(): Promise<void>;
}

interface Pair {
  readonly client: Socket;
  readonly server: Socket;
}

export async function startTcpGate(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpGate> {
  let hung = false;
  let delayMs = 0;
  let held = 0;
  const waiting: (() => void)[] = [];
  const pairs = new Set<Pair>();

  /** Sends `chunk` on `to` now, later, or when the gate flows again. */
  const pass = (to: Socket, chunk: Buffer, late: number): void => {
    const send = (): void => {
      if (!to.destroyed) to.write(chunk);
    };
    if (hung) {
      held += chunk.length;
      waiting.push(send);
    } else if (late > 0) setTimeout(send, late);
    else send();
  };

  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, targetHost);
    const pair = { client, server: upstream };
    pairs.add(pair);
    const end = (): void => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk: Buffer) => pass(upstream, chunk, 0));
    upstream.on('data', (chunk: Buffer) => pass(client, chunk, delayMs));
    for (const socket of [client, upstream]) {
      socket.on('error', end);
      socket.on('close', end);
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const cut = (): void => {
    waiting.splice(0);
    for (const pair of [...pairs]) {
      pair.client.destroy();
      pair.server.destroy();
    }
  };
  return {
    port,
    hang() {
      hung = true;
    },
    flow() {
      hung = false;
      held = 0;
      for (const send of waiting.splice(0)) send();
    },
    delay(ms) {
      delayMs = ms;
    },
    cut,
    get held() {
      return held;
    },
    async close() {
      cut();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
