// A TCP port on 127.0.0.1 that nothing listens on: the browser tests, the startup tests and the
// benches start a portal there, and the unreachable database points at one. No vitest here, so the
// benches can import it.
import net from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}
