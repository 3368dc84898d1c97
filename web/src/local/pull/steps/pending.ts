/**
 * What still has a change waiting in the outbox. A pulled row never overwrites one of these: the
 * local version stays, and the server's arrives with a later pull, after the change is applied.
 *
 * A step reads this before its call and again before applying the reply. A change queued while the
 * reply was on the wire may have been sent and applied, and left the outbox, by then: neither read
 * sees it, and the reply may predate it. So when the outbox's seq counter moved between the two
 * reads, everything counts as waiting (`everything`): the step applies none of its rows and pulls
 * again once the outbox is empty.
 */
import { resolveCall } from "@preflight/sync-protocol/mutation-templates";
import { parseUserTestQuestionId } from "@preflight/sync-protocol/rules/question";
import { getMeta, type UserDb } from "../../store/db.ts";

export interface PendingRefs {
  tests: Set<string>;
  flags: Set<number>;
  unflagAll: boolean;
  zoom: boolean;
  /** Course dates, profile details or email preferences edited on this device and not yet sent. */
  courseDates: boolean;
  profile: boolean;
  /** The outbox's next seq when this was read (OB1): it moves with every change queued. */
  queuedSeq: number;
  /** Something was queued between two reads (see above): every row counts as waiting. */
  everything: boolean;
}

export function noPending(): PendingRefs {
  return {
    tests: new Set(),
    flags: new Set(),
    unflagAll: false,
    zoom: false,
    courseDates: false,
    profile: false,
    queuedSeq: 1,
    everything: false,
  };
}

/** What was waiting before a call merged with what waits after it (`a` the earlier read). */
export function mergePending(a: PendingRefs, b: PendingRefs): PendingRefs {
  const everything = a.everything || b.everything || a.queuedSeq !== b.queuedSeq;
  return {
    tests: new Set([...a.tests, ...b.tests]),
    flags: new Set([...a.flags, ...b.flags]),
    unflagAll: everything || a.unflagAll || b.unflagAll,
    zoom: everything || a.zoom || b.zoom,
    courseDates: everything || a.courseDates || b.courseDates,
    profile: everything || a.profile || b.profile,
    queuedSeq: b.queuedSeq,
    everything,
  };
}

export function testPending(pending: PendingRefs, testId: string): boolean {
  return pending.everything || pending.tests.has(testId);
}

export function flagPending(pending: PendingRefs, questionId: number): boolean {
  return pending.everything || pending.unflagAll || pending.flags.has(questionId);
}

/** Reads the pending outbox entries (inside a transaction that includes `outbox`, or alone). */
export async function pendingRefs(db: UserDb): Promise<PendingRefs> {
  const refs = noPending();
  refs.queuedSeq = (await getMeta<number>(db, "nextSeq")) ?? 1;
  const entries = await db.outbox.where("status").equals("pending").toArray();
  for (const entry of entries) {
    const resolved = resolveCall(entry.call);
    if (!resolved) continue;
    const body = (entry.body ?? {}) as Record<string, unknown>;
    switch (resolved.template) {
      case "POST /test/generate/{test_type}":
      case "POST /test/current/save":
        if (typeof body.user_test_id === "string") refs.tests.add(body.user_test_id);
        break;
      case "POST /test/current/finish/{id}":
        if (resolved.params.id) refs.tests.add(resolved.params.id);
        break;
      case "POST /api/review": {
        const parsed =
          typeof body.user_test_question_id === "string" ? parseUserTestQuestionId(body.user_test_question_id) : null;
        if (parsed) refs.tests.add(parsed.userTestId);
        break;
      }
      case "POST /api/question/flag":
        if (typeof body.question_id === "number") refs.flags.add(body.question_id);
        break;
      case "POST /api/question/unflag_all":
        refs.unflagAll = true;
        break;
      case "POST /zoom":
        refs.zoom = true;
        break;
      case "POST /profile/course-dates":
        refs.courseDates = true;
        break;
      case "POST /profile/account":
      case "POST /profile/preferences":
        refs.profile = true;
        break;
      default:
        break;
    }
  }
  return refs;
}
