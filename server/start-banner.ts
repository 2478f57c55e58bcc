/**
 * The block `npm start` prints first: what this instance runs on (database
 * and cache, never a password of theirs), where the console is and what a
 * payer's link looks like, and on the first start the admin's password. One
 * short block, so an operator reading a process manager's log sees at once
 * whether the site came up on the database they meant.
 */
import path from 'node:path';
import { payLink } from '../schema/options';
import type { SettingsOf } from '../schema/settings';
import { describeDatabase, type DatabaseTarget } from './db/url';

export interface BannerFacts {
  database: DatabaseTarget;
  cache: SettingsOf<'cache'>;
  dataDir: string;
  host: string;
  port: number;
  /** Set when this start created the admin account: with the password when it was generated. */
  admin?: { password?: string };
}

export function describeCache(cache: SettingsOf<'cache'>, dataDir: string): string {
  switch (cache.default.type) {
    case 'ram': return 'in memory (this process only)';
    case 'file': return `files in ${path.resolve(dataDir, cache.file.path, cache.file.prefix)}`;
    case 'redis': return `Redis at ${cache.redis.host}:${cache.redis.port}, database ${cache.redis.database}, prefix "${cache.redis.prefix}"`;
  }
}

/** The address a browser on this machine reaches; a wildcard host is every interface, localhost among them. */
export function localOrigin(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function startBanner(facts: BannerFacts): string {
  const origin = localOrigin(facts.host, facts.port);
  const lines = [
    `Paydesk is listening on ${facts.host}:${facts.port}`,
    `  database  ${describeDatabase(facts.database)}`,
    `  cache     ${describeCache(facts.cache, facts.dataDir)}`,
    `  console   ${origin}/#/admin`,
    `  pay link  ${payLink(origin, 'TRADE_NO').replace('TRADE_NO', '<tradeNo>')}`,
  ];
  if (facts.admin) {
    lines.push(facts.admin.password
      ? `  admin     created: sign in as "admin" with password "${facts.admin.password}" (shown once)`
      : '  admin     created: sign in as "admin" with the password ADMIN_PASSWORD gave');
  }
  return `${lines.join('\n')}\n`;
}
