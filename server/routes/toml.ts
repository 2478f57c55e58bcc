/**
 * The settings files over HTTP: `GET /api/toml/<file>` shows
 * a file with its secrets blank and flagged, `PUT /api/toml/<file>-<section>`
 * replaces one section. Validation, secret keeping, atomic writes and live
 * application all live in the settings service; this is only the door.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isSettingsFile } from '../../schema/settings';
import { notFound, ok } from '../http';
import type { Settings } from '../services/settings';

export interface TomlRoutesOptions {
  settings: Settings;
  /** Refuses a write the caller may not make (the permission ceiling). */
  beforeWrite?(request: FastifyRequest, file: string): Promise<void>;
}

const rule = (name: string) => ({ rule: { name, group: 'toml', type: 'default' as const } });

export const tomlRoutes: FastifyPluginAsync<TomlRoutesOptions> = async (app, { settings, beforeWrite }) => {
  app.get<{ Params: { name: string } }>('/api/toml/:name', { config: rule('toml') }, async (request) => {
    const { name } = request.params;
    if (!isSettingsFile(name)) throw notFound();
    return ok(settings.masked(name));
  });

  // File and section names hold no `-`, so `sms-email` splits one way only.
  app.put<{ Params: { file: string; section: string } }>(
    '/api/toml/:file-:section',
    { config: rule('toml_update') },
    async (request) => {
      const { file, section } = request.params;
      if (!isSettingsFile(file)) throw notFound();
      await beforeWrite?.(request, file);
      return ok(await settings.update(file, section, request.body), 'messages.updated');
    },
  );
};
