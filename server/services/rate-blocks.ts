/**
 * The hour-long block of anonymous abuse (SYSTEM_SAFETY_API.qps.block), kept
 * in the shared cache so every instance, the console's list and
 * `npm run unblock` see one state: a client (an address) that overran a
 * limit in `block.count` separate windows within `block.second` of its first
 * overrun is refused until that period ends, or until an operator lifts it.
 *
 * Keys: `rl:violations:<client>` counts overruns in the period,
 * `rl:since:<client>` dates its first, `rl:block:<client>` holds the end of
 * a block, and `rl:blocked` lists the blocks (the cache cannot list keys).
 */
import type { KeyValueCache } from '../types';

export interface Block {
  client: string;
  /** Epoch milliseconds. */
  since: number;
  until: number;
}

// Stryker disable next-line StringLiteral: equivalent; the list only needs a key of its own, which no client's key can be
const LIST = 'rl:blocked';

export class RateBlocks {
  constructor(private readonly cache: () => KeyValueCache, private readonly now: () => number) {}

  /** When the client's block ends (epoch ms), or 0 when it is not blocked. */
  async until(client: string): Promise<number> {
    const until = Number((await this.cache().get(`rl:block:${client}`)) ?? 0);
    return until > this.now() ? until : 0;
  }

  /** Counts an overrun; answers the end of the block it starts, or 0 while under `count`. */
  async violated(client: string, block: { count: number; second: number }): Promise<number> {
    const violations = await this.cache().incr(`rl:violations:${client}`, block.second);
    if (violations === 1) await this.cache().set(`rl:since:${client}`, this.now(), block.second);
    if (violations < block.count) return 0;
    const since = Number((await this.cache().get(`rl:since:${client}`)) ?? this.now());
    const until = since + block.second * 1000;
    // Stryker disable next-line ArithmeticOperator: equivalent where the mark lives longer; `until` itself ends the block (until())
    const seconds = Math.max(1, Math.ceil((until - this.now()) / 1000));
    await this.cache().set(`rl:block:${client}`, until, seconds);
    // Stryker disable next-line MethodExpression,ConditionalExpression: equivalent; a blocked client is refused before its overruns are counted, so it is never listed here already
    await this.write((list) => [...list.filter((b) => b.client !== client), { client, since: this.now(), until }], block.second);
    return until;
  }

  /** The blocks in force, soonest to end first. */
  async list(): Promise<Block[]> {
    const now = this.now();
    // Stryker disable next-line ArrayDeclaration: equivalent; a made-up entry has no end in the future, so the filter drops it
    const list = (await this.cache().get<Block[]>(LIST)) ?? [];
    return list.filter((b) => b.until > now).sort((a, b) => a.until - b.until || a.client.localeCompare(b.client));
  }

  /** Lifts a client's block and forgets its overruns; false when it was not blocked. */
  async lift(client: string): Promise<boolean> {
    const blocked = (await this.until(client)) > 0;
    await Promise.all([
      'block', 'violations',
      // Stryker disable next-line StringLiteral: equivalent; with the overruns forgotten, the next first one dates the period afresh
      'since',
    ].map((part) => this.cache().del(`rl:${part}:${client}`)));
    await this.write((list) => list.filter((b) => b.client !== client));
    return blocked;
  }

  private async write(change: (list: Block[]) => Block[], keepSeconds?: number) {
    const now = this.now();
    // Only blocks in force: list() keeps no other, and a new one ends a period after its first overrun, which is later than now.
    const next = change(await this.list());
    // Stryker disable next-line LogicalOperator,ArrowFunction,ArithmeticOperator: equivalent; each keeps the list at least as long as its longest block, and a list kept longer only holds blocks list() drops
    const longest = Math.max(keepSeconds ?? 0, ...next.map((b) => Math.ceil((b.until - now) / 1000)), 1);
    await this.cache().set(LIST, next, longest);
  }
}
