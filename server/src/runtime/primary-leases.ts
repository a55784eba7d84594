import { admitOn } from '../ledger/balances/admission';
import type { BalanceBook, Hold } from '../ledger/balances/balance-book';
import { leaseSize, type Lease, type LeaseOwner, type LeaseTable } from '../ledger/balances/lease-table';

/** A worker as the leases see it: its table, and the primary's record of what it holds. */
export interface LeaseHolder {
  workerId: number;
  leases: LeaseTable;
  /** adds `amount` (may be negative) to what the primary holds for this worker, given back if it dies */
  held(hold: Hold, amount: number): void;
}

/** The answer to a worker's `admit`: [reserved, the lease granted or null, '' or the balance that is short]. */
export type AdmitReply = [number, { id: number; amount: number } | null, '' | 'user' | 'token'];

/** Each lease is this share of the balance left, divided among the workers. */
const LEASE_SHARE = 0.5;

/**
 * The primary's side of the workers' leases (see RemoteBalanceBook). A lease is a hold in the balance
 * authority, so the balances there are what no worker holds; the leases are added back where a balance
 * is shown. A lease is granted only to a caller the authority would trust anyway, and only when the
 * lease itself is large enough to trust calls against (more than TRUST_FACTOR times the call).
 */
export class PrimaryLeases {
  /** owners ("u12", "t7") whose balance is being lowered: no lease is granted on them meanwhile */
  private readonly lowering = new Map<string, number>();
  private nextId = 1;
  /** workers that died and whose holds are being given back */
  private readonly departing = new Set<LeaseHolder>();

  constructor(
    private readonly balances: BalanceBook,
    /** false with Redis: another instance could not take back this one's leases before its own changes */
    private readonly granting: boolean,
    private readonly holders: () => Iterable<LeaseHolder>,
    /** asks the workers to give back their leases of `owner` `id`; resolves once each did (`givenBack`) */
    private readonly askBack: (workerIds: number[], owner: LeaseOwner, id: number) => Promise<void>,
  ) {}

  /** What the workers' leases of a user (or a token) hold: part of the balance that is shown. */
  leased(owner: LeaseOwner, id: number): number {
    let sum = 0;
    for (const holder of this.holders()) sum += holder.leases.total(owner, id);
    for (const holder of this.departing) sum += holder.leases.total(owner, id);
    return sum;
  }

  /** A dead worker's leases, counted in the shown balances until `released` gave them back. */
  departed(holder: LeaseHolder): void {
    this.departing.add(holder);
  }

  released(holder: LeaseHolder): void {
    this.departing.delete(holder);
  }

  /**
   * A worker's admission, with the id of the lease of this user and token it gave back (0: none). A
   * refusal first takes back every lease of the user, so that no lease holds what the call is refused for.
   */
  async admit(holder: LeaseHolder, hold: Hold, givenBack: number): Promise<AdmitReply> {
    if (holder.leases.find(hold.userId, hold.tokenId)?.id === givenBack)
      await this.end(holder, holder.leases.end(hold.userId, hold.tokenId));
    let admission = await admitOn(this.balances, hold);
    if ('short' in admission && this.leased('user', hold.userId) > 0) {
      await this.takeBack('user', hold.userId);
      admission = await admitOn(this.balances, hold);
    }
    if ('short' in admission) return [0, null, admission.short];
    if (admission.reserved > 0) holder.held(hold, admission.reserved);
    const lease = admission.reserved === 0 && hold.amount > 0 ? await this.grant(holder, hold) : null;
    return [admission.reserved, lease, ''];
  }

  /** Runs a change that may lower the balance of `owner` `id` once every lease of it is given back. */
  async lowered<T>(owner: LeaseOwner, id: number, change: () => Promise<T>): Promise<T> {
    const key = `${owner}${id}`;
    this.lowering.set(key, (this.lowering.get(key) ?? 0) + 1);
    try {
      await this.takeBack(owner, id);
      return await change();
    } finally {
      const left = (this.lowering.get(key) ?? 1) - 1;
      if (left === 0) this.lowering.delete(key);
      else this.lowering.set(key, left);
    }
  }

  /** A worker gave back the leases `ids` (every charge it sent before is applied). */
  async givenBack(holder: LeaseHolder, ids: number[]): Promise<void> {
    for (const id of ids) await this.end(holder, holder.leases.endById(id));
  }

  /** Gives back to the balance what is left of an ended lease. */
  private async end(holder: LeaseHolder, lease: Lease | undefined): Promise<void> {
    if (!lease || lease.amount <= 0) return;
    holder.held(lease, -lease.amount);
    await this.balances.release(lease);
  }

  private takeBack(owner: LeaseOwner, id: number): Promise<void> {
    const workerIds = [...this.holders()]
      .filter((holder) => holder.leases.total(owner, id) > 0)
      .map((holder) => holder.workerId);
    return workerIds.length === 0 ? Promise.resolve() : this.askBack(workerIds, owner, id);
  }

  private isLowering(hold: Hold): boolean {
    return (
      this.lowering.has(`user${hold.userId}`) || (hold.tokenId !== null && this.lowering.has(`token${hold.tokenId}`))
    );
  }

  /** One lease per worker, user and token: none while one is out (a request crossing the grant of another). */
  private async grant(holder: LeaseHolder, hold: Hold): Promise<AdmitReply[1]> {
    if (!this.granting || this.isLowering(hold) || holder.leases.find(hold.userId, hold.tokenId)) return null;
    const userQuota = await this.balances.userQuota(hold.userId);
    const tokenRemain =
      hold.tokenId === null ? Number.POSITIVE_INFINITY : await this.balances.tokenRemain(hold.tokenId);
    const workers = Math.max(1, [...this.holders()].length);
    const size = leaseSize(Math.min(userQuota, tokenRemain), hold.amount, LEASE_SHARE / workers);
    if (size === 0) return null;
    if (!(await this.balances.reserve({ ...hold, amount: size }))) return null;
    // A lowering that began meanwhile asked back only the leases granted before it.
    if (this.isLowering(hold) || holder.leases.find(hold.userId, hold.tokenId)) {
      await this.balances.release({ ...hold, amount: size });
      return null;
    }
    const lease = { id: this.nextId, userId: hold.userId, tokenId: hold.tokenId, amount: size };
    this.nextId += 1;
    holder.leases.grant(lease);
    holder.held(hold, size);
    return { id: lease.id, amount: size };
  }
}
