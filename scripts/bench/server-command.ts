/**
 * How the benchmarks start the server: the compiled one `npm start` runs,
 * built first (scripts/start.mjs builds only what changed since the last build).
 */
import { spawnSync } from 'node:child_process';

export function serverArgv(): string[] {
  const built = spawnSync(process.execPath, ['scripts/start.mjs', '--build'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('could not build the server: see above');
  return [process.execPath, 'build/server/main.js'];
}
