/**
 * The settings files over HTTP: `GET /api/toml/<file>` shows
 * a file with its secrets blank and flagged, `PUT /api/toml/<file>-<section>`
 * replaces one section. Validation, secret keeping, atomic writes and live
 * application all live in the settings service; this is only the door.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isSettingsFile, SETTINGS_FILES, type SettingsFile } from '../../schema/settings';
import { notFound, ok } from '../http';
import type { Settings } from '../services/settings';
import type { QueryParam } from '../types';

export interface TomlRoutesOptions {
  settings: Settings;
  /** Refuses a write the caller may not make (the permission ceiling). */
  beforeWrite?(request: FastifyRequest, file: string): Promise<void>;
  /** Records a saved section in the history, as it was and became (secrets are masked there). */
  afterWrite?(request: FastifyRequest, file: SettingsFile, section: string, before: Record<string, unknown>, after: Record<string, unknown>): Promise<void>;
}

/** The file a path names, for the API document. */
const FILE = { description: `A settings file: ${SETTINGS_FILES.join(', ')}`, example: 'cache' };
const rule = (name: string, path: QueryParam[]) => ({ rule: { name, group: 'toml', type: 'default' as const, query: path } });

export const tomlRoutes: FastifyPluginAsync<TomlRoutesOptions> = async (app, { settings, beforeWrite, afterWrite }) => {
  app.get<{ Params: { name: string } }>('/api/toml/:name', { config: rule('toml', [{ name: 'name', ...FILE }]) }, async (request) => {
    const { name } = request.params;
    if (!isSettingsFile(name)) throw notFound();
    return ok(settings.masked(name));
  });

  // File and section names hold no `-`, so `sms-email` splits one way only.
  app.put<{ Params: { file: string; section: string } }>(
    '/api/toml/:file-:section',
    { config: rule('toml_update', [{ name: 'file', ...FILE }, { name: 'section', description: 'A section of the file' }]) },
    async (request) => {
      const { file, section } = request.params;
      if (!isSettingsFile(file)) throw notFound();
      await beforeWrite?.(request, file);
      const sectionOf = () => ({ ...((settings.get(file) as Record<string, Record<string, unknown> | undefined>)[section] ?? {}) });
      const before = sectionOf();
      const saved = await settings.update(file, section, request.body);
      await afterWrite?.(request, file, section, before, sectionOf());
      return ok(saved, 'messages.updated');
    },
  );
};
