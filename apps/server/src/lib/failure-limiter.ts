/**
 * Counts events per key in a sliding window (in memory: one process serves the app).
 * Used for sign-in failures and password-reset requests, keyed by IP and by account,
 * so neither a single address nor a single account can be hammered.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) this.hits.set(key, list);
    else this.hits.delete(key);
    return list;
  }

  /** True when the key has used up its allowance in the current window. */
  isBlocked(key: string): boolean {
    return this.recent(key).length >= this.limit;
  }

  /** Events of the key in the current window. */
  count(key: string): number {
    return this.recent(key).length;
  }

  hit(key: string): void {
    const list = this.recent(key);
    list.push(this.now());
    this.hits.set(key, list);
    if (this.hits.size > 50_000) this.sweep();
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(): void {
    for (const key of [...this.hits.keys()]) this.recent(key);
  }
}
