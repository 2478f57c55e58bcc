/**
 * A real SMTP server (smtp-server) on a free local port that demands the
 * configured login and keeps what it receives, with just enough MIME reading
 * for a test to pull the code out of a message as a mail client would.
 */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CaughtMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpCatcher {
  port: number;
  mails: CaughtMail[];
  close(): Promise<void>;
}

export async function startSmtpCatcher(login: { user: string; pass: string }): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    // Plain SMTP on a local port: STARTTLS would need a certificate the sender trusts.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
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
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
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
