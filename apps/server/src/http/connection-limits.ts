import type { Server, Socket } from 'node:net';

/**
 * Open connections per client address, counted at the socket (before a byte of HTTP is read): past `max`, a
 * new connection from that address is closed at once. What a reverse proxy would do in front of a public
 * server; without one, a few machines holding thousands of idle or slow connections each would use up the
 * process's file descriptors (the server's maxConnections then refuses everyone alike). IPv4-mapped IPv6
 * addresses count as their IPv4 address.
 */
export function limitConnectionsPerIp(server: Server, max: number) {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = (socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  return { openFrom: (address: string) => open.get(address) ?? 0 };
}
