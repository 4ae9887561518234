// The outbox worker: claims queued messages with FOR UPDATE SKIP LOCKED (so two workers never take
// the same row), hands them to the gateway no faster than SMS_PER_SECOND, and stores each answer.
// A message is marked `sending` when claimed and `handedAt` just before its gateway call; stop()
// lets the messages in hand finish, so a restart neither loses nor repeats one. After a crash the
// next worker queues again the rows that were claimed but never handed over (they did not go out),
// and marks failed, with OUTCOME_UNKNOWN, the few (at most 8) that were with the gateway: none of the
// three gateways can be asked "did message X arrive" or told to drop a repeat, so sending them again
// could text a villager twice. The batch shows them as failed with that reason and the clerk's
// "retry" sends them again when the recipient did not get it.
import type { Db } from '../../db/open.ts';
import type { DbOrTx } from '../../db/transaction.ts';
import { GatewayError, type SmsGateway } from './gateways.ts';
import { claimMessages, markHanded, recordOutcomes, settleClaimed, type ClaimedRow as Claimed, type OutcomeRow as Outcome } from './sql.ts';

export const MAX_ATTEMPTS = 5;
/** Gateway calls in flight at once at most. */
const MAX_IN_FLIGHT = 8;

export const OUTCOME_UNKNOWN =
  'पाठवताना सर्व्हर थांबला: संदेश गेला की नाही हे निश्चित नाही. / The server stopped while the gateway had this message: it may or may not have gone out. Retry only if the recipient did not get it.';

/** A claim older than this on PostgreSQL belongs to a process that died: a live worker hands its
 *  claim (at most 50 messages, 8 at a time, each call timing out after SMS_TIMEOUT_MS) well within it. */
export const STALE_CLAIM_SECONDS = 600;

/** Seconds before the next try of a transient failure: 2, 4, 8, 16 … */
export const backoffSeconds = (attempts: number) => Math.min(2 ** attempts, 300);

/** The sweep of claims whose process died (a live one finishes a claim in seconds), for
 *  cluster/jobs.ts scheduleSweeps: on PostgreSQL, where several processes work the outbox. */
export const staleClaimSweep = {
  name: 'sms-claim-sweep',
  run: (tx: DbOrTx) => settleClaimed(tx, null, OUTCOME_UNKNOWN, STALE_CLAIM_SECONDS),
};

export class SmsWorker {
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private lastSend = 0;
  /** Stops after this many messages (tests: a worker killed mid-batch). */
  limit = Infinity;
  handled = 0;
  /** Only these councils' messages (tests sharing one PostgreSQL database); null: all. */
  scope: number[] | null = null;
  /** Claims settled at start are at least this old. Safe by default: on PostgreSQL other processes'
   *  claims are live, and settling them would send their messages twice. 0 (every claim is a crash's
   *  leftover) only where this process alone works the outbox: the embedded database. */
  settleOlderThan = STALE_CLAIM_SECONDS;

  constructor(
    private db: Db,
    private gateway: SmsGateway,
    private perSecond: number,
    private log: { error: (o: object, m: string) => void } = console,
  ) {}

  /** Settles what a dead process left half-done (see the top of this file), then works until stop(). */
  async start() {
    if (this.running) return;
    await settleClaimed(this.db, this.scope, OUTCOME_UNKNOWN, this.settleOlderThan);
    this.running = true;
    this.loop = this.run();
  }

  /** Finishes the messages in hand, then returns. */
  async stop() {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
    this.loop = null;
  }

  /** New work: do not wait for the next poll. */
  wake() {
    this.wakeUp?.();
  }

  private async run() {
    while (this.running) {
      let claimed: Claimed[] = [];
      try {
        const batch = Math.max(1, Math.min(50, Math.ceil(this.perSecond), this.limit - this.handled));
        claimed = await claimMessages(this.db, batch, this.scope);
      } catch (err) {
        this.log.error({ err }, 'SMS worker could not claim messages');
      }
      if (!claimed.length) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 1000);
          this.wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wakeUp = null;
        continue;
      }
      // A claimed row is always finished, even after stop(): otherwise it would wait for a restart.
      // A few calls in flight at once (each started on the per-second pace) hide the gateway's latency.
      const inFlight = Math.max(1, Math.min(MAX_IN_FLIGHT, Math.floor(this.perSecond)));
      try {
        for (let i = 0; i < claimed.length; i += inFlight) {
          const group = claimed.slice(i, i + inFlight);
          await markHanded(
            this.db,
            group.map((m) => m.id),
          );
          const outcomes = await Promise.all(
            group.map(async (m) => {
              await this.pace();
              return this.deliver(m);
            }),
          );
          await this.record(outcomes);
        }
      } catch (err) {
        // The database failed under us: what was not written stays `sending`, settled at the next start.
        this.log.error({ err }, 'SMS worker could not record what the gateway answered');
        await new Promise((r) => setTimeout(r, 1000));
      }
      this.handled += claimed.length;
      if (this.handled >= this.limit) this.running = false;
    }
  }

  private async record(outcomes: Outcome[]) {
    await recordOutcomes(this.db, outcomes);
  }

  /** Waits for this call's turn: one start every 1000/perSecond ms (turns are handed out in order). */
  private async pace() {
    const gap = 1000 / this.perSecond;
    const turn = Math.max(Date.now(), this.lastSend + gap);
    this.lastSend = turn;
    const wait = turn - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }

  /** The gateway's answer for one message, not yet written. */
  private async deliver(m: Claimed): Promise<Outcome> {
    try {
      const { providerId } = await this.gateway.send({ mobile: m.mobile, kind: m.kind, text: m.text, variables: m.variables });
      return { id: m.id, status: 'sent', providerId: providerId.slice(0, 100), error: '', retryInSeconds: 0 };
    } catch (err) {
      const transient = err instanceof GatewayError ? err.transient : true;
      const error = (err as Error).message.slice(0, 1000);
      if (transient && m.attempts < MAX_ATTEMPTS)
        return { id: m.id, status: 'queued', providerId: '', error, retryInSeconds: backoffSeconds(m.attempts) };
      return { id: m.id, status: 'failed', providerId: '', error, retryInSeconds: 0 };
    }
  }
}
