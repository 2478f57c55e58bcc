import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../server/http';
import { createSender, type EmailOptions } from '../../server/services/sender';
import { header, partBody, startSmtpCatcher, type SmtpCatcher } from '../fakes/smtp';

const LOGIN = { user: 'noreply@paydesk.test', pass: 'smtp-secret-1' };
let smtp: SmtpCatcher;
let settings: EmailOptions;

beforeAll(async () => {
  smtp = await startSmtpCatcher(LOGIN);
  settings = { host: '127.0.0.1', port: smtp.port, account: LOGIN.user, password: LOGIN.pass, nickname: 'Paydesk', subject: '您的验证码' };
});
afterAll(() => smtp.close());

describe('email sender', () => {
  it('delivers the code to the address, in the text and the HTML of the message', async () => {
    await createSender('email', { email: settings }).send('payer@example.com', '482913');

    const mail = smtp.mails.at(-1)!;
    expect(mail.to).toEqual(['payer@example.com']);
    expect(mail.from).toBe(LOGIN.user);
    expect(header(mail.raw, 'From')).toContain('Paydesk');
    expect(partBody(mail.raw, 'text/plain')).toBe('您的验证码: 482913');
    expect(partBody(mail.raw, 'text/html')).toContain('>482913<');
  });

  it('answers 503 "email failed" without the server reply when the login is refused', async () => {
    const sender = createSender('email', { email: { ...settings, password: 'wrong' } });
    const failure = await sender.send('payer@example.com', '111111').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 503, key: 'errors.email_failed' });
    expect((failure as Error).message).not.toContain('wrong');
  });

  it('answers 503 when no SMTP server listens', async () => {
    const sender = createSender('email', { email: { ...settings, port: 1 } });
    await expect(sender.send('payer@example.com', '111111')).rejects.toMatchObject({ code: 503 });
  });
});

describe('email sender over TLS', () => {
  it('upgrades with STARTTLS before it logs in: the catcher refuses AUTH in plain text, and the mail came encrypted', async () => {
    await createSender('email', { email: settings }).send('tls@example.com', '246810');
    expect(smtp.mails.at(-1)).toMatchObject({ to: ['tls@example.com'], secure: true });
  });

  it('refuses a mail server whose certificate it cannot verify (503), rather than sending the password to it', async () => {
    const stranger = await startSmtpCatcher(LOGIN, { trusted: false });
    try {
      const sender = createSender('email', { email: { ...settings, port: stranger.port } });
      await expect(sender.send('payer@example.com', '111111')).rejects.toMatchObject({ code: 503, key: 'errors.email_failed' });
      expect(stranger.mails).toHaveLength(0);
    } finally {
      await stranger.close();
    }
  });
});
