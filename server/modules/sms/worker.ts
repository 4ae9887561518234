// The outbox worker: claims queued messages with FOR UPDATE SKIP LOCKED (so two workers never take
// the same row), hands them to the gateway no faster than SMS_PER_SECOND, and stores each answer.
// A message is marked `sending` when claimed; stop() lets the messages in hand finish, so a
// restart neither loses nor repeats one. Rows left `sending` by a process that died are queued
// again when the next worker starts (at most the one message in flight then can go out twice).
import type { Db } from '../../db/open.ts';
import { GatewayError, type SmsGateway, type SmsKind } from './gateways.ts';

export const MAX_ATTEMPTS = 5;

interface Claimed { id: number; mobile: string; kind: SmsKind; text: string; variables: string[]; attempts: number }

const CLAIM_SQL = `UPDATE "SmsMessage" m SET "status" = 'sending', "claimedAt" = now(), "attempts" = m."attempts" + 1, "updatedAt" = now()
  FROM "SmsBatch" b
  WHERE m."batchId" = b."id" AND m."id" IN (
    SELECT "id" FROM "SmsMessage" WHERE "status" = 'queued' AND "nextAttemptAt" <= now() AND ($2::int[] IS NULL OR "createdByUserId" = ANY($2::int[]))
    ORDER BY "id" LIMIT $1 FOR UPDATE SKIP LOCKED)
  RETURNING m."id", m."mobile", b."kind", m."text", m."variables", m."attempts"`;

/** Seconds before the next try of a transient failure: 2, 4, 8, 16 … */
export const backoffSeconds = (attempts: number) => Math.min(2 ** attempts, 300);

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

  constructor(private db: Db, private gateway: SmsGateway, private perSecond: number, private log: { error: (o: object, m: string) => void } = console) {}

  /** Queues again what a dead process left half-done, then works until stop(). */
  async start() {
    if (this.running) return;
    await this.db.$executeRawUnsafe(`UPDATE "SmsMessage" SET "status" = 'queued', "updatedAt" = now()
      WHERE "status" = 'sending' AND ($1::int[] IS NULL OR "createdByUserId" = ANY($1::int[]))`, this.scope);
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
  wake() { this.wakeUp?.(); }

  private async run() {
    while (this.running) {
      let claimed: Claimed[] = [];
      try {
        const batch = Math.max(1, Math.min(50, Math.ceil(this.perSecond), this.limit - this.handled));
        claimed = await this.db.$queryRawUnsafe<Claimed[]>(CLAIM_SQL, batch, this.scope);
      } catch (err) {
        this.log.error({ err }, 'SMS worker could not claim messages');
      }
      if (!claimed.length) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 1000);
          this.wakeUp = () => { clearTimeout(timer); resolve(); };
        });
        this.wakeUp = null;
        continue;
      }
      for (const m of claimed) {
        // A claimed row is always finished, even after stop(): otherwise it would wait for a restart.
        await this.deliver(m);
        this.handled += 1;
        if (this.handled >= this.limit) this.running = false;
      }
    }
  }

  private async pace() {
    const gap = 1000 / this.perSecond;
    const wait = this.lastSend + gap - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    this.lastSend = Date.now();
  }

  private async deliver(m: Claimed) {
    await this.pace();
    try {
      const { providerId } = await this.gateway.send({ mobile: m.mobile, kind: m.kind, text: m.text, variables: m.variables });
      await this.db.smsMessage.update({ where: { id: m.id }, data: { status: 'sent', sentAt: new Date(), providerId: providerId.slice(0, 100), error: '' } });
    } catch (err) {
      const transient = err instanceof GatewayError ? err.transient : true;
      const reason = (err as Error).message.slice(0, 1000);
      if (transient && m.attempts < MAX_ATTEMPTS) {
        await this.db.smsMessage.update({ where: { id: m.id }, data: { status: 'queued', error: reason, nextAttemptAt: new Date(Date.now() + backoffSeconds(m.attempts) * 1000) } });
      } else {
        await this.db.smsMessage.update({ where: { id: m.id }, data: { status: 'failed', error: reason } });
      }
    }
  }
}
