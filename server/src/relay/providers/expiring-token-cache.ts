/** A token and the time (ms since the epoch) after which it is no longer used. */
export interface ExpiringToken {
  token: string;
  expiresAt: number;
}

/**
 * Tokens obtained by an exchange (Baidu's access token, …), cached per credential until shortly
 * before they expire; concurrent requests for one credential share one exchange, so the relay path
 * pays for an exchange once per token lifetime, not per request.
 */
export class ExpiringTokenCache {
  private readonly tokens = new Map<string, ExpiringToken>();
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(private readonly now: () => number = Date.now) {}

  get(credential: string, exchange: () => Promise<ExpiringToken>): Promise<string> {
    const cached = this.tokens.get(credential);
    if (cached && cached.expiresAt > this.now()) return Promise.resolve(cached.token);
    let pending = this.inFlight.get(credential);
    if (!pending) {
      pending = exchange()
        .then((fresh) => {
          this.tokens.set(credential, fresh);
          return fresh.token;
        })
        .finally(() => this.inFlight.delete(credential));
      this.inFlight.set(credential, pending);
    }
    return pending;
  }

  /** Forgets a token the vendor refused, so that the next request exchanges again. */
  forget(credential: string): void {
    this.tokens.delete(credential);
  }
}
