/**
 * Races the database settles by failing one of the writers (a deadlock or a
 * lock wait on MariaDB, a busy file on SQLite): the loser's transaction was
 * rolled back whole, so it may simply run again. The engine's writes and the
 * payment transactions retry the same way; one that loses every time reaches
 * the error handler, which answers 409 (server/plugins/errors.ts), never 500.
 */
import { ADAPTERS } from './dialect';

/** Whether `error` is a lost race, on either dialect (each adapter's `retryable`). */
export const lostRace = (error: unknown) => Object.values(ADAPTERS).some((adapter) => adapter.retryable(error));

/** Runs `work`, up to `tries` times in all, again when it lost a race; any other error is its caller's at once. */
export async function retryLostRaces<T>(work: () => Promise<T>, tries = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!lostRace(error) || attempt >= tries) throw error;
      // Stryker disable next-line ArithmeticOperator: equivalent; the pause only spreads the retries apart, and any length of it (a negative one is none) is correct.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
