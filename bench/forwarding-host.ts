import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { bareSignedOrder, endpointOfChild } from './processes';

/**
 * The least a web-hosted counter can do: the same two loopback hops as the counter's web host (the
 * caller to this process, this process to the simulator) and nothing else. POST /api/sell with the
 * bearer token forwards one signed order and answers once the simulator has; no journal, no events.
 * The sale bench times it beside the counter's host, so its figures say how much of a sale's time is
 * the hops alone on the machine that runs them. Prints `{origin, token}` when it listens.
 */
const { values } = parseArgs({ options: { 'api-base-url': { type: 'string' } }, strict: true });
const sim = endpointOfChild('forwarding-host', values['api-base-url']);
const token = randomBytes(24).toString('base64url');
const expected = `Bearer ${token}`;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const answer = async (): Promise<unknown> => {
      if (req.url !== '/api/sell' || req.headers.authorization !== expected) throw new Error('refused');
      const { packageCode } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { packageCode: string };
      await bareSignedOrder(sim, packageCode);
      return { ok: true, value: { state: 'completed' } };
    };
    answer().then(
      (value) => send(200, value),
      (error: unknown) => send(500, { ok: false, error: { code: 'INTERNAL', message: String(error) } }),
    );
  });
  const send = (status: number, value: unknown): void => {
    const text = Buffer.from(JSON.stringify(value));
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': text.length });
    res.end(text);
  };
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ origin: `http://127.0.0.1:${port}`, token })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
