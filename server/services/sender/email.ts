/**
 * Codes by email over SMTP (nodemailer). Port 465 speaks TLS from the first
 * byte; other ports start in plain text and upgrade with STARTTLS when the
 * server offers it.
 */
import type { Transporter } from 'nodemailer';
import type { CodeSender } from './index';
import { sendFailed } from './provider';

export interface EmailOptions {
  host: string;
  port: number;
  account: string;
  password: string;
  /** Display name of the sender. */
  nickname?: string;
  /** Subject line, in the operator's words; it also introduces the code in the body. */
  subject: string;
}

const IMPLICIT_TLS_PORT = 465;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function createEmailSender(options: EmailOptions): CodeSender {
  // nodemailer is loaded at the first email, not on every start.
  let transport: Promise<Transporter> | undefined;
  const connect = () => (transport ??= import('nodemailer').then(({ createTransport }) => createTransport({
    host: options.host,
    port: options.port,
    secure: options.port === IMPLICIT_TLS_PORT,
    auth: { user: options.account, pass: options.password },
  })));
  return {
    async send(to, code) {
      const subject = options.subject;
      try {
        await (await connect()).sendMail({
          from: { name: options.nickname || options.account, address: options.account },
          to,
          subject,
          text: `${subject}: ${code}`,
          html: `<p>${escapeHtml(subject)}:</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${escapeHtml(code)}</p>`,
        });
      } catch (error) {
        // SMTP replies can echo the account name; keep them for the log.
        throw sendFailed('email', (error as Error).message, 'errors.email_failed');
      }
    },
  };
}
