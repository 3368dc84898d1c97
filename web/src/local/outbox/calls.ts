/**
 * What the drain does with a queued call beyond sending it, registered by the action module
 * that queues the call (e.g. actions/test.ts takes in the server's marking of a finished test),
 * so the drain knows no call by name. The hooks run inside the drain's transaction that drops or
 * parks the entry, so the device's copy and its outbox change together.
 *
 * actions/drain-handling.ts imports every module that registers here; outbox/sending.ts (what
 * the drain loads once it has something to send, and what settles and parks entries) imports
 * it, so the registrations are made wherever the drain runs (page and service worker).
 */
import { type MutationTemplate, resolveCall } from "@preflight/sync-protocol/mutation-templates";
import type { Table } from "dexie";
import type { OutboxEntry, UserDb } from "../store/db.ts";

/** The name of a table of the account's database. */
export type UserTableName = { [K in keyof UserDb]: UserDb[K] extends Table ? K : never }[keyof UserDb];

export interface CallHandling {
  /** The tables the hooks write, besides the outbox: the drain's transaction takes them in. */
  tables: UserTableName[];
  /** The server applied the call (now, or before and this is a duplicate): take in its reply. */
  onApplied?(reply: unknown, entry: OutboxEntry, db: UserDb): Promise<void>;
  /** The server refused the call and it is parked: undo what the device did ahead of the server. */
  onRefused?(entry: OutboxEntry, db: UserDb): Promise<void>;
}

const handlings = new Map<MutationTemplate, CallHandling>();

/** Registers how the drain settles the calls of `template`; returns a function that removes it. */
export function registerCallHandling(template: MutationTemplate, handling: CallHandling): () => void {
  handlings.set(template, handling);
  return () => {
    if (handlings.get(template) === handling) handlings.delete(template);
  };
}

/** The handling registered for a concrete call such as "POST /test/current/finish/abc", if any. */
export function callHandling(call: string): CallHandling | undefined {
  const template = resolveCall(call)?.template;
  return template ? handlings.get(template) : undefined;
}
