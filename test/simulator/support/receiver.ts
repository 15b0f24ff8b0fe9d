import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local webhook receiver: records every delivery and answers as the test says. */
export interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly raw: string;
}

export interface Receiver {
  readonly url: string;
  readonly received: Received[];
  /** Status to answer per delivery attempt, in order; afterwards `fallback`. `hang` never answers. */
  answers: (number | 'hang')[];
  fallback: number;
  /** Resolves once `count` deliveries arrived (or rejects after `ms`). */
  waitFor(count: number, ms?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const hung = new Set<import('node:http').ServerResponse>();
  let server: Server;
  const receiver: Receiver = {
    url: '',
    received,
    answers: [],
    fallback: 200,
    waitFor(count, ms = 10_000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${received.length} of ${count} deliveries arrived`)),
          ms,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    close: () =>
      new Promise((resolve) => {
        for (const res of hung) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') });
      const answer = receiver.answers.shift() ?? receiver.fallback;
      if (answer === 'hang') {
        hung.add(res);
      } else {
        res.writeHead(answer);
        res.end();
      }
      for (const w of waiters.filter((x) => received.length >= x.count)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, { url: `http://127.0.0.1:${port}/hooks` });
}
