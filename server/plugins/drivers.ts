/** The storage and code-sender drivers the settings name, rebuilt live when their file changes. */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { live, type Live } from '../services/live';
import { createSender, type CodeSender } from '../services/sender';
import { createStorage, type Storage } from '../services/storage';

export interface Senders {
  /** Phones go through the configured SMS provider. */
  phone(): CodeSender;
  /** Addresses go through email. */
  email(): CodeSender;
  /** `drive.default`: the channel the server picks itself when a flow names neither (reset by account). */
  preferred: { kind: 'phone' | 'email'; sender(): CodeSender };
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: Live<Storage>;
    senders: Live<Senders>;
  }
}

const drivers: FastifyPluginAsync<{ dataDir: string }> = async (app, o) => {
  const storage = live(app.settings, 'storage', (s) => createStorage(s.default.type, s[s.default.type] as never, { dataDir: o.dataDir }));
  const senders = live(app.settings, 'sms', (s): Senders => ({
    phone: () => createSender(s.drive.sms, s),
    email: () => createSender('email', s),
    preferred: { kind: s.drive.default === 'email' ? 'email' : 'phone', sender: () => createSender(s.drive.default, s) },
  }));
  app.decorate('storage', storage);
  app.decorate('senders', senders);
  app.addHook('onClose', async () => {
    await Promise.all([storage.close(), senders.close()]);
  });
};

export const driversPlugin = fp(drivers, { name: 'paydesk-drivers', fastify: '5.x', dependencies: ['paydesk-settings'] });
