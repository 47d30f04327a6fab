/** Servers the WordPress tests point the plugin at, and a stopwatch. */
import { createServer, type Server, type Socket } from 'node:net';

/** A server that accepts connections, notes each request line, and never answers. */
export async function hangingServer(): Promise<{ url: string; port: number; requests: string[]; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once('data', (chunk) => requests.push(String(chunk).split('\r\n')[0]!));
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const started = Date.now();
  const value = await run();
  return [Date.now() - started, value];
}
