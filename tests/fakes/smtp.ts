/**
 * A real SMTP server (smtp-server) on a free local port that demands the
 * configured login and keeps what it receives, with just enough MIME reading
 * for a test to pull the code out of a message as a mail client would.
 *
 * It is as strict as a mail provider: it offers STARTTLS with a certificate
 * for 127.0.0.1 and refuses AUTH before it (538), so a sender that does not
 * upgrade, or sends its password in plain text, gets no mail through. The
 * sender verifies that certificate as it verifies any: this test process
 * trusts it for connections to a live catcher (as a deployment trusts its
 * mail server's CA), and a server process a test starts trusts it through
 * NODE_EXTRA_CA_CERTS=SMTP_CA_FILE (tests/multi/server-process.ts).
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo, Socket } from 'node:net';
import tls from 'node:tls';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  from: string;
  to: string[];
  raw: string;
  /** The message came over TLS (after STARTTLS). */
  secure: boolean;
}

export interface SmtpCatcher {
  port: number;
  mails: CaughtMail[];
  close(): Promise<void>;
}

/** The catcher's certificate (self-signed, for 127.0.0.1 and localhost). */
export const SMTP_CA_FILE = fileURLToPath(new URL('./tls/fake-smtp.crt', import.meta.url));
const TLS = { key: readFileSync(new URL('./tls/fake-smtp.key', import.meta.url)), cert: readFileSync(SMTP_CA_FILE) };

/** Ports of the live catchers whose certificate this process trusts. */
const trustedPorts = new Set<number>();
let trusting = false;

/**
 * Node 20 has no way to add a CA to a running process, so the TLS connections
 * to a trusted catcher's port (a STARTTLS upgrade of a socket to it, or a
 * direct one) get its certificate added to the usual roots; every other
 * connection is left as it was, and nothing turns verification off.
 */
function trustCatchersInThisProcess() {
  if (trusting) return;
  trusting = true;
  const connect = tls.connect;
  tls.connect = ((...args: Parameters<typeof tls.connect>) => {
    const options = args[0] as tls.ConnectionOptions | undefined;
    if (options && typeof options === 'object') {
      const port = Number((options.socket as Socket | undefined)?.remotePort ?? options.port);
      if (trustedPorts.has(port)) args[0] = { ...options, ca: [...tls.rootCertificates, TLS.cert.toString()] } as never;
    }
    return (connect as (...a: unknown[]) => tls.TLSSocket)(...args);
  }) as typeof tls.connect;
}

export async function startSmtpCatcher(login: { user: string; pass: string }, o: { trusted?: boolean } = {}): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    ...TLS,
    // STARTTLS offered, and AUTH refused until it is done (smtp-server answers 538).
    allowInsecureAuth: false,
    authOptional: false,
    onAuth(auth, _session, callback) {
      if (auth.username === login.user && auth.password === login.pass) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          secure: Boolean(session.secure),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  if (o.trusted !== false) {
    trustCatchersInThisProcess();
    trustedPorts.add(port);
  }
  return {
    port,
    mails,
    close: () => new Promise<void>((resolve) => {
      trustedPorts.delete(port);
      server.close(() => resolve());
    }),
  };
}

/** Header value of a message or part, unfolded. */
export function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1];
}

/** The decoded body of the first part with the given content type. */
export function partBody(raw: string, contentType: 'text/plain' | 'text/html'): string | undefined {
  const boundary = /boundary="?([^";]+)"?/i.exec(header(raw, 'Content-Type') ?? '')?.[1];
  const parts = boundary ? raw.split(`--${boundary}`).slice(1, -1) : [raw];
  const part = parts.find((p) => (header(p.trimStart(), 'Content-Type') ?? 'text/plain').startsWith(contentType));
  if (!part) return undefined;
  const trimmed = part.replace(/^\r?\n/, '');
  const body = trimmed.slice(trimmed.search(/\r?\n\r?\n/)).trim();
  const encoding = (header(trimmed, 'Content-Transfer-Encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}
