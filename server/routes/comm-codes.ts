/**
 * The account calls that run on verification codes (SPEC §7 "Comm"): code
 * sign-in, sign-up and password reset. Each has two steps on one route: a
 * body with only the target (and, for reset, the account) asks for a code,
 * answered 201; the full body completes the flow.
 *
 * None of them tells whether an account exists: a code request is answered
 * the same either way, and a right code for the wrong account fails exactly
 * like a wrong code. Every code request passes the SAFETY_SMS limits first.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountBySocial, accountTaken, checkInvite, createAccount, fieldError, setPassword, type Social } from '../auth/accounts';
import { Codes, RESEND_WAIT_SECONDS, type CodePurpose } from '../auth/codes';
import { hashPassword } from '../auth/passwords';
import { SmsGuard } from '../auth/sms-guard';
import { AppError, created, ok } from '../http';
import { asksForCode, readForm } from './comm-forms';
import { signInAs, type CommOptions } from './comm-session';

const rule = (name: string, scene?: string) => ({ rule: { name, group: 'comm', type: 'common' as const, scene } });

const codeInvalid = () => fieldError('code', 'errors.code_invalid');
const codeSent = () => created({ seconds: RESEND_WAIT_SECONDS }, 'messages.code_sent');

export async function codeRoutes(app: FastifyInstance, o: CommOptions) {
  const codes = new Codes({ cache: o.cache, secret: o.codeSecret });
  const guard = new SmsGuard(o.cache, o.config);

  /**
   * Admits the request under SAFETY_SMS, then sends a code to `social`. With
   * `deliver` false nothing is sent, but the request is answered (and waits)
   * exactly as if it were.
   */
  async function requestCode(request: FastifyRequest, purpose: CodePurpose, social: Social, deliver = true) {
    await guard.admit({ ip: request.ip, route: request.routeOptions.url ?? '', target: social.target });
    if (!deliver) return codes.holdResend(social.target);
    const sender = o.senders()[social.kind]();
    await codes.send(purpose, social.target, (code) => sender.send(social.target, code));
  }

  app.post('/api/comm/sign-code', { config: rule('sign-code', 'sign-in') }, async (request) => {
    if (asksForCode(request.body, ['code'])) {
      // Sent whether or not an account has this target: the answer must not tell.
      const { social } = readForm('codeRequest', request.body, o.keys);
      await requestCode(request, 'sign-in', social);
      return codeSent();
    }
    const { social, code } = readForm('signCode', request.body, o.keys);
    const user = await accountBySocial(o.db.kysely, social);
    if (!(await codes.check('sign-in', social.target, code)) || !user) throw codeInvalid();
    if (user.status === 'banned') throw new AppError(403, 'errors.user_banned');
    return signInAs(o, request, user.id);
  });

  app.post('/api/comm/sign-up', { config: rule('sign-up') }, async (request) => {
    const { sign_up } = await o.config.get('SIGN_IN_UP');
    if (!sign_up.allow) throw new AppError(403, 'errors.sign_up_closed');
    if (asksForCode(request.body, ['account', 'password', 'code'])) {
      const { social } = readForm('codeRequest', request.body, o.keys);
      await requestCode(request, 'sign-up', social);
      return codeSent();
    }
    const form = readForm('signUp', request.body, o.keys);
    const { mode } = sign_up.invite;
    const invite = mode === 'close' ? undefined : form.invite || undefined;
    if (mode === 'force' && !invite) throw fieldError('invite', 'errors.invite_required');
    // Everything the user can fix is checked before the code is spent.
    if (invite) await checkInvite(o.db, invite);
    if (await accountTaken(o.db, form.account)) throw fieldError('account', 'errors.account_taken');
    const passwordHash = await hashPassword(form.password);
    if (!(await codes.check('sign-up', form.social.target, form.code))) throw codeInvalid();
    const id = await createAccount(o.db, {
      social: form.social, account: form.account, passwordHash, ip: request.ip, invite, groupIds: sign_up.auth_group_ids,
    });
    await Promise.all([o.touch('auth_group'), invite ? o.touch('invite') : undefined]);
    return signInAs(o, request, id);
  });

  app.post('/api/comm/reset-password', { config: rule('reset-password') }, async (request) => {
    if (asksForCode(request.body, ['password', 'code'])) {
      const { social, account } = readForm('resetRequest', request.body, o.keys);
      // Only the account's own phone or address gets a code; any other pair is answered the same.
      const owner = await accountBySocial(o.db.kysely, social, account);
      await requestCode(request, 'reset-password', social, !!owner);
      return codeSent();
    }
    const form = readForm('reset', request.body, o.keys);
    const owner = await accountBySocial(o.db.kysely, form.social, form.account);
    const passwordHash = await hashPassword(form.password);
    if (!(await codes.check('reset-password', form.social.target, form.code)) || !owner) throw codeInvalid();
    await setPassword(o.db, owner.id, passwordHash);
    // Whoever held the old password holds no session any more.
    await o.tokens.revokeAll(owner.id);
    await o.touch('users', [owner.id]);
    return ok({}, 'messages.password_reset');
  });
}
