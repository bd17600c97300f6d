// The outbox worker (docs/product.md §12.4, docs/decisions/017-console-bot-outbox.md). Runs in every API
// instance: claims due rows under `FOR UPDATE SKIP LOCKED`, leases them, sends, and records the
// outcome only while it still holds the lease, so each row is sent by one instance.
import { randomUUID } from 'node:crypto';
import { GrammyError, HttpError } from 'grammy';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { JobRuns, startJob, type Job } from '../../lib/job-runner.ts';
import { queryRows } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import {
  alertStaff,
  markChatReachable,
  markChatUnreachable,
  type MessageButton,
} from './outbox.repository.ts';

export type OutgoingMessage = {
  chatId: number;
  text: string;
  orderId: number | null;
  /** A Mini App button other than the order's (enqueueNotification's `button`). */
  button?: MessageButton | null;
};

/** The button a row's `reply_markup` holds, if it is one (older rows have none). */
function buttonOf(markup: unknown): MessageButton | null {
  const b = markup as Partial<MessageButton> | null;
  return b && typeof b.text === 'string' && typeof b.path === 'string' && b.path.startsWith('/')
    ? { text: b.text, path: b.path }
    : null;
}
export type SendMessage = (message: OutgoingMessage) => Promise<void>;

export type WorkerOptions = {
  /** At most this many messages a second from this instance (Telegram: 30/s per bot). */
  perSecond?: number;
  /** How long a claimed row belongs to this worker; longer than a send can take. */
  leaseMs?: number;
  /** Idle wait between polls of an empty outbox. */
  pollMs?: number;
  /** First back-off after a failed send; doubles with each attempt. */
  backoffMs?: number;
  /** Failed sends (not counting 429s) before a row is `dead`. */
  maxAttempts?: number;
  batch?: number;
  /**
   * Called in the transaction that records a chat as unreachable (a 403: the shopper blocked the
   * bot): the auth module forgets that the bot may write to them (docs/decisions/063). Given by
   * the bot plugin, so that this module need not import auth (auth reaches this one).
   */
  onUnreachable?: (db: Database, chatId: number) => Promise<void>;
  log?: {
    info(obj: unknown, msg: string): void;
    warn(obj: unknown, msg: string): void;
    error(obj: unknown, msg: string): void;
  };
};

type Claimed = {
  id: number;
  chat_id: number;
  text: string;
  order_id: number | null;
  button: MessageButton | null;
  kind: string;
  attempts: number;
  /** The request that enqueued it: the worker's log lines name it (docs/operations.md). */
  request_id: string | null;
};

type Outcome =
  | { kind: 'sent' }
  | { kind: 'retry_after'; seconds: number; error: string }
  | { kind: 'transient'; error: string }
  | { kind: 'unreachable'; error: string }
  | { kind: 'permanent'; error: string };

/** Sorts a Bot API failure into the retry rules of docs/product.md §12.4. */
export function classifySendError(err: unknown): Outcome {
  if (err instanceof GrammyError) {
    const error = `${err.error_code}: ${err.description}`;
    if (err.error_code === 429)
      return { kind: 'retry_after', seconds: err.parameters.retry_after ?? 1, error };
    if (err.error_code === 403 || /chat not found|user is deactivated/i.test(err.description)) {
      return { kind: 'unreachable', error };
    }
    if (err.error_code >= 500) return { kind: 'transient', error };
    return { kind: 'permanent', error };
  }
  if (err instanceof HttpError) return { kind: 'transient', error: err.message };
  return { kind: 'transient', error: err instanceof Error ? err.message : String(err) };
}

export class OutboxWorker {
  readonly id = randomUUID();
  private readonly perSecond: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly backoffMs: number;
  private readonly maxAttempts: number;
  private readonly batch: number;
  private job: Job | undefined;
  private lastSendAt = 0;

  constructor(
    private readonly db: Database,
    private readonly send: SendMessage,
    private readonly options: WorkerOptions = {},
  ) {
    this.perSecond = options.perSecond ?? 25;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMs = options.pollMs ?? 1000;
    this.backoffMs = options.backoffMs ?? 5000;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.batch = options.batch ?? 25;
  }

  /**
   * Takes due rows nobody holds, each the oldest unsent row of its chat, and none for a chat that
   * got a message in the last second or has one in flight (1 message/s per chat). Only a chat's
   * oldest row is a candidate, so its messages go out in order, and two workers claiming at once
   * cannot each take a row of the same chat: one locks that row, the other skips it and finds no
   * other candidate for the chat. (Before, the other took the chat's next row, and both were
   * sent in the same millisecond; neither claim could see the other's uncommitted lease.)
   */
  private async claim(): Promise<Claimed[]> {
    return this.db.transaction(async (tx) => {
      const due = await queryRows<{ id: number; chat_id: string | number }>(
        tx,
        sql`select n.id, n.chat_id from notifications n
            where n.status in ('pending', 'retry') and n.next_attempt_at <= now()
              and (n.lease_until is null or n.lease_until < now())
              and not exists (
                -- An unsent row has no sent_at: the (chat_id, sent_at) index finds the chat's
                -- unsent rows without reading its history.
                select 1 from notifications earlier
                where earlier.chat_id = n.chat_id and earlier.sent_at is null and earlier.id < n.id
                  and earlier.status in ('pending', 'retry'))
            order by n.next_attempt_at, n.id
            limit ${this.batch * 4}
            for update skip locked`,
      );
      if (due.length === 0) return [];
      const chats = [...new Set(due.map((r) => Number(r.chat_id)))];
      const busy = await queryRows<{ chat_id: string | number }>(
        tx,
        sql`select distinct chat_id from notifications
            where chat_id in (${sql.join(
              chats.map((c) => sql`${c}`),
              sql`, `,
            )})
              and (sent_at > now() - interval '1 second' or lease_until > now())`,
      );
      const busyChats = new Set(busy.map((r) => Number(r.chat_id)));
      const picked: number[] = [];
      for (const row of due) {
        const chat = Number(row.chat_id);
        if (busyChats.has(chat)) continue;
        busyChats.add(chat);
        picked.push(Number(row.id));
        if (picked.length >= this.batch) break;
      }
      if (picked.length === 0) return [];
      const rows = await tx
        .update(notifications)
        .set({
          leaseUntil: sql`now() + ${`${this.leaseMs} milliseconds`}::interval`,
          leasedBy: this.id,
          attempts: sql`${notifications.attempts} + 1`,
        })
        .where(inArray(notifications.id, picked))
        .returning();
      return rows
        .sort((a, b) => a.id - b.id)
        .map((r) => ({
          id: r.id,
          chat_id: r.chatId,
          text: r.text,
          order_id: r.orderId,
          button: buttonOf(r.replyMarkup),
          kind: r.kind,
          attempts: r.attempts,
          request_id: r.requestId,
        }));
    });
  }

  private async pace(): Promise<void> {
    const gap = 1000 / this.perSecond - (Date.now() - this.lastSendAt);
    if (gap > 0) await new Promise((resolve) => setTimeout(resolve, gap));
    this.lastSendAt = Date.now();
  }

  private async record(row: Claimed, outcome: Outcome): Promise<void> {
    const mine = and(eq(notifications.id, row.id), eq(notifications.leasedBy, this.id));
    const release = { leaseUntil: null, leasedBy: null };
    switch (outcome.kind) {
      case 'sent':
        await this.db
          .update(notifications)
          .set({ ...release, status: 'sent', sentAt: sql`now()`, lastError: null })
          .where(mine);
        await markChatReachable(this.db, row.chat_id);
        return;
      case 'retry_after':
        // Telegram asked us to slow down: not the message's fault, so it does not count.
        await this.db
          .update(notifications)
          .set({
            ...release,
            status: 'retry',
            attempts: sql`${notifications.attempts} - 1`,
            lastError: outcome.error,
            nextAttemptAt: sql`now() + ${`${outcome.seconds} seconds`}::interval`,
          })
          .where(mine);
        return;
      case 'unreachable':
        await this.db.transaction(async (tx) => {
          await tx
            .update(notifications)
            .set({ ...release, status: 'skipped', lastError: outcome.error })
            .where(mine);
          await markChatUnreachable(tx, row.chat_id, outcome.error);
          await this.options.onUnreachable?.(tx, row.chat_id);
        });
        return;
      case 'transient':
      case 'permanent': {
        if (outcome.kind === 'transient' && row.attempts < this.maxAttempts) {
          const delay = this.backoffMs * 2 ** (row.attempts - 1);
          await this.db
            .update(notifications)
            .set({
              ...release,
              status: 'retry',
              lastError: outcome.error,
              nextAttemptAt: sql`now() + ${`${delay} milliseconds`}::interval`,
            })
            .where(mine);
          return;
        }
        await this.db.transaction(async (tx) => {
          const dead = await tx
            .update(notifications)
            .set({ ...release, status: 'dead', lastError: outcome.error })
            .where(mine)
            .returning({ id: notifications.id });
          // An alert that cannot be delivered is not alerted about again.
          if (dead.length > 0 && row.kind !== 'alert') {
            await alertStaff(
              tx,
              'dead_message',
              `dead:${row.id}`,
              `Сообщение #${row.id}${row.order_id ? ` по заказу №${row.order_id}` : ''} не доставлено: ${outcome.error}`,
            );
          }
        });
        this.options.log?.error(
          { notification: row.id, requestId: row.request_id, error: outcome.error },
          'notification dead',
        );
      }
    }
  }

  /** Extends the lease of a claimed row if this worker still holds it; false when it lost it. */
  private async renewLease(row: Claimed): Promise<boolean> {
    const renewed = await this.db
      .update(notifications)
      .set({ leaseUntil: sql`now() + ${`${this.leaseMs} milliseconds`}::interval` })
      .where(
        and(
          eq(notifications.id, row.id),
          eq(notifications.leasedBy, this.id),
          sql`${notifications.leaseUntil} > now()`,
        ),
      )
      .returning({ id: notifications.id });
    return renewed.length === 1;
  }

  /** One pass: claims a batch and sends it; returns how many rows it claimed. */
  async runOnce(): Promise<number> {
    const rows = await this.claim();
    for (const row of rows) {
      await this.pace();
      // The batch shares one lease, and slow sends before this one may have outlived it; another
      // instance may then have claimed this row. Send only while the row is still ours, with a
      // lease renewed for this send (each send is shorter than a lease).
      if (!(await this.renewLease(row))) continue;
      let outcome: Outcome;
      try {
        await this.send({ chatId: row.chat_id, text: row.text, orderId: row.order_id, button: row.button });
        outcome = { kind: 'sent' };
        this.options.log?.info(
          { notification: row.id, kind: row.kind, requestId: row.request_id, attempt: row.attempts },
          'notification sent',
        );
      } catch (err) {
        outcome = classifySendError(err);
        this.options.log?.warn(
          { notification: row.id, requestId: row.request_id, outcome },
          'notification not sent',
        );
      }
      await this.record(row, outcome);
    }
    return rows.length;
  }

  /** Runs the worker through the shared job runner (lib/job-runner.ts) as the `outbox` job. */
  start(runs: JobRuns = new JobRuns()): void {
    if (this.job) return;
    this.job = startJob(
      {
        name: 'outbox',
        everyMs: this.pollMs,
        run: () => this.runOnce(),
        log: this.options.log ?? { error: () => undefined },
      },
      runs,
    );
    this.job.poke();
  }

  async stop(): Promise<void> {
    const job = this.job;
    this.job = undefined;
    await job?.stop();
  }
}
