/**
 * A request in flight while a server shuts down, and a check that the port is
 * closed: what the graceful-shutdown tests need from outside the process.
 */
import http from 'node:http';
import net from 'node:net';
import { ADMIN_PASSWORD } from '../support/app';

/**
 * Starts a sign-in and sends half its body; `received` resolves once the
 * server has the request (it answers `Expect: 100-continue` as it takes the
 * request in), and `finish` sends the rest and answers the reply.
 */
export function halfSentSignIn(url: string) {
  const body = JSON.stringify({ account: 'admin', password: ADMIN_PASSWORD });
  const request = http.request(`${url}/api/comm/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
  });
  const received = new Promise<void>((resolve) => request.once('continue', () => {
    request.write(body.slice(0, 10));
    resolve();
  }));
  const reply = new Promise<{ status: number; body: any }>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => { text += chunk; });
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    request.on('error', reject);
  });
  request.flushHeaders();
  return { received, finish: () => { request.end(body.slice(10)); return reply; } };
}

export const refusesConnections = (port: number) => new Promise<boolean>((resolve) => {
  const socket = net.connect(port, '127.0.0.1');
  socket.once('connect', () => { socket.destroy(); resolve(false); });
  socket.once('error', () => resolve(true));
});
