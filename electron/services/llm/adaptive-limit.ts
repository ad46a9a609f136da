/**
 * How many calls one endpoint gets at once, adapted to what it says (additive increase,
 * multiplicative decrease, as TCP and the well-behaved API clients do): a 429 halves the limit
 * and holds every new call until the wait it asked for is over; an allowance running low
 * (x-ratelimit-remaining-*) lowers it by one, and a spent one holds new calls until it resets;
 * a full round of successes (as many as the limit) raises it by one, up to the maximum. Server
 * errors, timeouts and dropped connections do not change it: they say nothing about the rate,
 * and their retries back off on their own (retry-policy.ts).
 */

export interface ConcurrencySettings {
  start: number;
  min: number;
  max: number;
}

/** Held by one call from acquire() until release(). */
export interface Permit {
  release(): void;
}

/** When a 429 gives no wait, new calls are held this long. */
export const DEFAULT_RATE_LIMIT_PAUSE_MS = 1000;

export class AbortedWhileWaiting extends Error {
  constructor() {
    super('The call was cancelled while it waited for its turn.');
    this.name = 'AbortError';
  }
}

interface Waiter {
  grant: (permit: Permit) => void;
  refuse: (error: Error) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export function checkConcurrency(settings: ConcurrencySettings): string | null {
  const { start, min, max } = settings;
  if (![start, min, max].every((value) => Number.isInteger(value) && value >= 1)) return 'Concurrency values are whole numbers of at least 1.';
  if (min > max) return `The least concurrency (${min}) is above the most (${max}).`;
  if (start < min || start > max) return `The starting concurrency (${start}) is outside ${min}–${max}.`;
  return null;
}

export class AdaptiveLimit {
  private current: number;
  private running = 0;
  private successes = 0;
  private heldUntil = 0;
  private wakeTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly waiting: Waiter[] = [];

  constructor(
    private readonly settings: ConcurrencySettings,
    private readonly now: () => number = Date.now,
  ) {
    const problem = checkConcurrency(settings);
    if (problem !== null) throw new Error(problem);
    this.current = settings.start;
  }

  get limit(): number {
    return this.current;
  }

  get inFlight(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Until when new calls are held (0: not held), in the clock's ms. */
  get holdUntil(): number {
    return this.heldUntil;
  }

  /** A permit as soon as a call may start (first come, first served); refused when `signal` aborts first. */
  acquire(signal?: AbortSignal): Promise<Permit> {
    if (signal?.aborted) return Promise.reject(new AbortedWhileWaiting());
    return new Promise<Permit>((grant, refuse) => {
      const waiter: Waiter = { grant, refuse, signal };
      if (signal) {
        waiter.onAbort = () => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          refuse(new AbortedWhileWaiting());
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.waiting.push(waiter);
      this.pump();
    });
  }

  /** The endpoint answered 429: halve the limit and hold new calls for the wait it asked for. */
  rateLimited(retryAfterMs: number | null): void {
    this.current = Math.max(this.settings.min, Math.floor(this.current / 2));
    this.successes = 0;
    this.hold(retryAfterMs ?? DEFAULT_RATE_LIMIT_PAUSE_MS);
  }

  /** The allowance is running low: one call fewer at once; when it is spent, hold new calls until it resets. */
  allowanceLow(spentUntilMs: number | null): void {
    this.current = Math.max(this.settings.min, this.current - 1);
    this.successes = 0;
    if (spentUntilMs !== null) this.hold(spentUntilMs);
  }

  /** A call succeeded: after as many successes in a row as the limit, one call more at once. */
  succeeded(): void {
    this.successes++;
    if (this.successes >= this.current && this.current < this.settings.max) {
      this.current++;
      this.successes = 0;
      this.pump();
    }
  }

  /** Refuses every waiting call (a job cancelled or the app quitting). */
  refuseAll(error: Error): void {
    for (const waiter of this.waiting.splice(0)) this.forget(waiter).refuse(error);
    this.clearWake();
  }

  private hold(ms: number): void {
    this.heldUntil = Math.max(this.heldUntil, this.now() + Math.max(0, ms));
    this.pump();
  }

  private forget(waiter: Waiter): Waiter {
    if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener('abort', waiter.onAbort);
    return waiter;
  }

  private clearWake(): void {
    if (this.wakeTimer !== null) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
  }

  private pump(): void {
    const now = this.now();
    if (now < this.heldUntil) {
      if (this.waiting.length > 0 && this.wakeTimer === null) {
        this.wakeTimer = setTimeout(() => {
          this.wakeTimer = null;
          this.pump();
        }, this.heldUntil - now);
      }
      return;
    }
    while (this.running < this.current && this.waiting.length > 0) {
      const waiter = this.forget(this.waiting.shift() as Waiter);
      this.running++;
      let released = false;
      waiter.grant({
        release: () => {
          if (released) return;
          released = true;
          this.running--;
          this.pump();
        },
      });
    }
  }
}
