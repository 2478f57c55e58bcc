/**
 * The account calls that run on verification codes: code
 * sign-in, sign-up and password reset. Each has two steps on one route: a
 * body with only the target (and, for reset, the account) asks for a code,
 * answered 201; the full body completes the flow.
 *
 * None of them tells whether an account exists: a code request is answered
 * the same either way, and a right code for the wrong account fails exactly
 * like a wrong code. Every code request passes the SAFETY_SMS limits first.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountBySocial, accountContact, accountTaken, checkInvite, createAccount, fieldError, setPassword, type Social } from '../auth/accounts';
import { Codes, RESEND_WAIT_SECONDS, type CodePurpose } from '../auth/codes';
import { hashPassword } from '../auth/passwords';
import { SmsGuard } from '../auth/sms-guard';
import type { CodeSender } from '../services/sender';
import { AppError, created, ok } from '../http';
import { asksForCode, readForm } from './comm-forms';
import { afterPassword } from './comm-mfa';
import { signInAs, type CommOptions } from './comm-session';

const rule = (name: string, scene?: string) => ({ rule: { name, group: 'comm', type: 'common' as const, scene } });

const codeInvalid = () => fieldError('code', 'errors.code_invalid');
const codeSent = () => created({ seconds: RESEND_WAIT_SECONDS }, 'messages.code_sent');

export async function codeRoutes(app: FastifyInstance, o: CommOptions) {
  const codes = new Codes({ cache: o.cache, secret: o.codeSecret, clock: o.clock });
  const guard = new SmsGuard(o.cache, o.config);

  /** Admits the request under SAFETY_SMS, then sends a code to `social`. */
  async function requestCode(request: FastifyRequest, purpose: CodePurpose, social: Social, by?: CodeSender) {
    await guard.admit({ ip: request.ip, route: request.routeOptions.url ?? '', target: social.target });
    const sender = by ?? o.senders()[social.kind]();
    await codes.send(purpose, social.target, (code) => sender.send(social.target, code));
  }

  /**
   * Whose password a reset is for, and where its code goes: always one of
   * that account's own contacts. With the phone or address (and maybe the
   * name) it is the account that has them; with the name alone, the contact
   * of the kind `sms.drive.default` names, sent by that driver.
   */
  async function resetOwner(form: { social?: Social; account?: string }) {
    if (form.social) {
      const owner = await accountBySocial(o.db.kysely, form.social, form.account);
      return { owner, social: form.social, sender: undefined };
    }
    const senders = o.senders();
    const contact = await accountContact(o.db.kysely, form.account!, senders.preferred.kind);
    // An unknown name still needs a stable key for the resend wait and the limits.
    const social: Social = contact?.social ?? { kind: 'email', target: `account:${form.account}` };
    const sender = contact && social.kind === senders.preferred.kind ? senders.preferred.sender() : undefined;
    return { owner: contact, social, sender };
  }

  /**
   * A reset code request: answered after the same work whether or not the
   * pair names an account, and the code (to a real one only) is sent after the
   * answer, so neither the time taken nor a mail server that is down tells the
   * asker anything. A failed send is logged; the asker may ask again at once.
   */
  async function requestResetCode(request: FastifyRequest, social: Social, owner: boolean, by?: CodeSender) {
    await guard.admit({ ip: request.ip, route: request.routeOptions.url ?? '', target: social.target });
    await codes.holdResend(social.target);
    if (!owner) return;
    const sender = by ?? o.senders()[social.kind]();
    setImmediate(() => {
      codes.sendHeld('reset-password', social.target, (code) => sender.send(social.target, code))
        .catch((error) => request.log.warn({ err: error }, 'reset code not delivered'));
    });
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
    // A code proves the mailbox or phone, as a password proves knowledge: the second factor (or its enrolment) still follows.
    return afterPassword(app, o, request, user);
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
    // Everything the user can fix is checked before the code is spent; whether an
    // account name is taken is told only to whoever holds a right code.
    if (invite) await checkInvite(o.db, invite);
    if (!(await codes.check('sign-up', form.social.target, form.code, { spend: false }))) throw codeInvalid();
    if (await accountTaken(o.db, form.account)) throw fieldError('account', 'errors.account_taken');
    const passwordHash = await hashPassword(form.password);
    if (!(await codes.check('sign-up', form.social.target, form.code))) throw codeInvalid();
    const id = await createAccount(o.db, {
      social: form.social, account: form.account, passwordHash, ip: request.ip, invite, groupIds: sign_up.auth_group_ids,
    });
    return signInAs(o, request, id);
  });

  app.post('/api/comm/reset-password', { config: rule('reset-password') }, async (request) => {
    // One sentence naming both choices (social or account), not "field: message".
    if (asksForCode(request.body, ['social', 'account'])) throw fieldError('social', 'errors.social_or_account');
    if (asksForCode(request.body, ['password', 'code'])) {
      // Only the account's own phone or address gets a code; any other request is answered the same.
      const { owner, social, sender } = await resetOwner(readForm('resetRequest', request.body, o.keys));
      await requestResetCode(request, social, !!owner, sender);
      return codeSent();
    }
    const form = readForm('reset', request.body, o.keys);
    const { owner, social } = await resetOwner(form);
    const passwordHash = await hashPassword(form.password);
    if (!(await codes.check('reset-password', social.target, form.code)) || !owner) throw codeInvalid();
    await setPassword(o.db, owner.id, passwordHash);
    // Whoever held the old password holds no session any more.
    await o.tokens.revokeAll(owner.id);
    return ok({}, 'messages.password_reset');
  });
}
