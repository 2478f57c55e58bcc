/**
 * DATABASE_URL as a start reads it: the accepted forms, and a refusal naming
 * them (never the password) for anything else, since a typo must not start
 * the site on a new, empty SQLite file.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeDatabase, parseDatabaseUrl } from '../../server/db/url';

const DATA = '/srv/paydesk/data';

describe('parseDatabaseUrl', () => {
  it('reads unset and empty as SQLite in the data folder', () => {
    expect(parseDatabaseUrl(undefined, DATA)).toEqual({ kind: 'sqlite', file: '/srv/paydesk/data/paydesk.db' });
    expect(parseDatabaseUrl('', DATA)).toEqual({ kind: 'sqlite', file: '/srv/paydesk/data/paydesk.db' });
  });

  it('reads sqlite:<path>, relative to the working directory, and sqlite::memory:', () => {
    expect(parseDatabaseUrl('sqlite:/var/lib/paydesk.db', DATA)).toEqual({ kind: 'sqlite', file: '/var/lib/paydesk.db' });
    expect(parseDatabaseUrl('sqlite:data/site.db', DATA)).toEqual({ kind: 'sqlite', file: path.resolve('data/site.db') });
    expect(parseDatabaseUrl('sqlite::memory:', DATA)).toEqual({ kind: 'sqlite', file: ':memory:' });
  });

  it('reads mysql:// and mariadb:// (any case) as MySQL/MariaDB, handing mysql2 a mysql:// URL', () => {
    for (const scheme of ['mysql', 'mariadb', 'MySQL', 'MARIADB']) {
      expect(parseDatabaseUrl(`${scheme}://pay:s3cret@db.internal:3307/paydesk?ssl=true`, DATA)).toEqual({
        kind: 'mysql', url: 'mysql://pay:s3cret@db.internal:3307/paydesk?ssl=true', host: 'db.internal', port: 3307, database: 'paydesk', user: 'pay',
      });
    }
    expect(parseDatabaseUrl('mariadb://root@127.0.0.1/test', DATA)).toMatchObject({ port: 3306, database: 'test', user: 'root' });
  });

  it.each([
    ['postgres://pay:s3cret@db/paydesk', 'is not a database Paydesk can use'],
    ['mysql2://pay:s3cret@db/paydesk', 'is not a database Paydesk can use'],
    ['paydesk.db', 'is not a database Paydesk can use'],
    ['file:paydesk.db', 'is not a database Paydesk can use'],
    ['sqlite:', 'names no file'],
    ['mysql://pay:s3cret@db.internal:3306', 'names no database'],
    ['mysql://pay:s3cret@db.internal:3306/', 'names no database'],
    ['mariadb://pay:s3cret@db:notaport/paydesk', 'is not a valid URL'],
  ])('refuses %s: it %s, names the accepted forms and hides the password', (value, why) => {
    let message = '';
    try {
      parseDatabaseUrl(value, DATA);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(why);
    for (const form of ['mysql://user:password@host:3306/database', 'mariadb://user:password@host:3306/database', 'sqlite:<path>']) expect(message).toContain(form);
    expect(message).not.toContain('s3cret');
  });
});

describe('describeDatabase', () => {
  it('says the kind and the place, never the password', () => {
    expect(describeDatabase(parseDatabaseUrl('mariadb://pay:s3cret@db.internal/paydesk', DATA))).toBe('MySQL/MariaDB, database "paydesk" on db.internal:3306 as pay');
    expect(describeDatabase(parseDatabaseUrl(undefined, DATA))).toBe('SQLite, /srv/paydesk/data/paydesk.db');
  });
});
