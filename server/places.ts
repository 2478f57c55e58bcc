/**
 * Where an install keeps its things, read from the environment: the server,
 * the seed and the backup and restore scripts all call this, so a backup
 * reads exactly the folders and database that `npm start` uses.
 */
import os from 'node:os';
import path from 'node:path';

export interface Places {
  /** SQLite file (unless DATABASE_URL names another), local uploads, file cache. */
  dataDir: string;
  /** The `*.toml` settings and the sign-in key. */
  configDir: string;
  /** Absent: SQLite in dataDir. */
  databaseUrl: string | undefined;
}

export function placesFrom(env: NodeJS.ProcessEnv = process.env): Places {
  return {
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    configDir: path.resolve(env.CONFIG_DIR ?? 'config'),
    databaseUrl: env.DATABASE_URL || undefined,
  };
}

/** The user this process runs as, by name when the system has one for it (messages about who may write the folders). */
export function processUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? '?'}`;
  }
}
