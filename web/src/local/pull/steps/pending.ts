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

/**
 * The student's per-question records where the latest intent wins (flags, notes, review marks;
 * sync-protocol rules/latest-write.ts), by the call that writes one.
 */
const QUESTION_RECORD_CALLS = {
  "POST /api/question/flag": "flags",
  "POST /api/question/note": "notes",
  "POST /api/question/review_mark": "reviewMarks",
} as const;
export type QuestionRecord = (typeof QUESTION_RECORD_CALLS)[keyof typeof QUESTION_RECORD_CALLS];

export interface PendingRefs {
  tests: Set<string>;
  /** Per kind of question record, the questions whose record has a write waiting. */
  flags: Set<number>;
  notes: Set<number>;
  reviewMarks: Set<number>;
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
    notes: new Set(),
    reviewMarks: new Set(),
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
  const records = (kind: QuestionRecord) => new Set([...a[kind], ...b[kind]]);
  return {
    tests: new Set([...a.tests, ...b.tests]),
    flags: records("flags"),
    notes: records("notes"),
    reviewMarks: records("reviewMarks"),
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

/** Whether the question's record of this kind has a write waiting (a flag also any unflag all). */
export function recordPending(pending: PendingRefs, kind: QuestionRecord, questionId: number): boolean {
  return pending.everything || (kind === "flags" && pending.unflagAll) || pending[kind].has(questionId);
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
      case "POST /api/question/note":
      case "POST /api/question/review_mark":
        if (typeof body.question_id === "number") refs[QUESTION_RECORD_CALLS[resolved.template]].add(body.question_id);
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
