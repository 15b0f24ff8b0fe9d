import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A plain HTTP proxy on 127.0.0.1 in front of the simulator that can hold requests to one path until
 * the test lets them through: the test then knows a request is on the wire (the counter journalled it
 * as sent) and can change the world (lock the journal, fill the disk) before the answer comes back.
 * Everything else passes straight through; nothing is rewritten (the signature covers no host).
 */
export interface GatedProxy {
  readonly baseUrl: string;
  /** Resolves when a request to `path` has arrived and is being held. */
  arrived(): Promise<void>;
  /** Lets every held request (and those to come) through to the simulator. */
  release(): void;
  close(): Promise<void>;
}

export async function startGatedProxy(target: string, heldPath: string): Promise<GatedProxy> {
  const upstream = new URL(target);
  let open = false;
  let opened: () => void = () => {};
  const gate = new Promise<void>((done) => {
    opened = done;
  });
  let arrived: () => void = () => {};
  const arrival = new Promise<void>((done) => {
    arrived = done;
  });
  const sockets = new Set<Socket>();

  const forward = async (req: IncomingMessage, body: Buffer): Promise<Response> => {
    const url = new URL(req.url ?? '/', upstream);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
        headers.set(name, value);
    }
    return fetch(url, {
      method: req.method ?? 'GET',
      headers,
      ...(body.length > 0 ? { body } : {}),
    });
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const path = new URL(req.url ?? '/', upstream).pathname;
        if (!open && path.endsWith(heldPath)) {
          arrived();
          await gate;
        }
        try {
          const answer = await forward(req, Buffer.concat(chunks));
          const headers: Record<string, string> = {};
          answer.headers.forEach((value, name) => {
            if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name))
              headers[name] = value;
          });
          const text = Buffer.from(await answer.arrayBuffer());
          res.writeHead(answer.status, headers);
          res.end(text);
        } catch {
          res.destroy();
        }
      })();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${upstream.pathname.replace(/\/$/, '')}`,
    arrived: () => arrival,
    release() {
      open = true;
      opened();
    },
    async close() {
      open = true;
      opened();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
