/**
 * A bare Fastify instance with the app's own i18n-and-errors plugin, for
 * tests that mount one route plugin: errors become the envelopes a client
 * sees. `says(key)` matches the message a key translates to (zh-cn, the
 * default language), whatever its parameters.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { t } from '../../server/i18n';
import { errorsPlugin } from '../../server/plugins/errors';

export async function envelopeApp(): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(errorsPlugin);
  return app;
}

export function says(key: string) {
  const template = t('zh-cn', key);
  if (template === key) throw new Error(`${key} has no zh-cn message`);
  const pattern = template.split(/%\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return expect.stringMatching(new RegExp(`^${pattern}$`, 's'));
}
