/**
 * The one wrapper every user intent goes through: it opens ONE Dexie transaction over the
 * tables the intent changes plus the outbox, so the local change and its mutation commit
 * together or not at all; then it nudges the drain.
 */
import type { MutationBody, MutationTemplate } from "@preflight/sync-protocol/mutations";
import type { Table } from "dexie";
import type { OutboxEntry, UserDb } from "../store/db.ts";
import { clientIdOf } from "./client-id.ts";
import { enqueue } from "./outbox.ts";

export interface LocalScope {
  db: UserDb;
  userId: string;
  now: () => Date;
  /** Called after a transaction that queued something has committed. */
  onEnqueued: () => void;
}

export interface ActionContext {
  db: UserDb;
  userId: string;
  now: Date;
  enqueue<T extends MutationTemplate>(
    template: T,
    params: Record<string, string>,
    body: MutationBody<T>,
  ): Promise<OutboxEntry>;
}

export async function runAction<R>(
  scope: LocalScope,
  // biome-ignore lint/suspicious/noExplicitAny: Dexie tables of any row type
  tables: Table<any, any>[],
  intent: (ctx: ActionContext) => Promise<R>,
): Promise<R> {
  await clientIdOf(scope.db);
  const now = scope.now();
  let queued = 0;
  const result = await scope.db.transaction("rw", [...tables, scope.db.outbox, scope.db.meta], () =>
    intent({
      db: scope.db,
      userId: scope.userId,
      now,
      enqueue: (template, params, body) => {
        queued++;
        return enqueue(scope.db, scope.userId, template, params, body, now);
      },
    }),
  );
  if (queued > 0) scope.onEnqueued();
  return result;
}
