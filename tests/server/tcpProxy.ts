// A TCP forwarder the test switches on and off: PostgreSQL "starting after the server" or "going
// away" without touching the shared throwaway server.
import net from 'node:net';
import { freePort } from './serverProcess.js';

export interface TcpProxy {
  port: number;
  /** Starts accepting and forwarding (until then a connection is refused). */
  open(): Promise<void>;
  /** Stops accepting and drops every forwarded connection. */
  cut(): Promise<void>;
}

export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  return {
    port,
    open: () =>
      new Promise<void>((resolve, reject) => {
        const listening = net.createServer((client) => {
          const upstream = net.connect(target.port, target.host);
          track(client);
          track(upstream);
          client.pipe(upstream);
          upstream.pipe(client);
          client.on('close', () => upstream.destroy());
          upstream.on('close', () => client.destroy());
        });
        listening.once('error', reject);
        listening.listen(port, '127.0.0.1', () => {
          server = listening;
          resolve();
        });
      }),
    cut: async () => {
      const closing = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
}
