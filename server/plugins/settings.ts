/** The settings files of `config/` (TOML), read at start, polled for changes, applied live. */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createSettings, type Settings } from '../services/settings';

declare module 'fastify' {
  interface FastifyInstance {
    settings: Settings;
  }
}

const settingsFiles: FastifyPluginAsync<{ configDir: string }> = async (app, o) => {
  const settings = await createSettings(o.configDir);
  app.decorate('settings', settings);
  app.addHook('onClose', async () => settings.close());
};

export const settingsPlugin = fp(settingsFiles, { name: 'paydesk-settings', fastify: '5.x' });
