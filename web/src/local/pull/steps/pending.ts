/**
 * What still has a change waiting in the outbox. A pulled row never overwrites one of these: the
 * local version stays, and the server's arrives with a later pull, after the change is applied.
 */
import { resolveCall } from "@preflight/sync-protocol/mutations";
import { parseUserTestQuestionId } from "@preflight/sync-protocol/rules/question";
import type { UserDb } from "../../store/db.ts";

export interface PendingRefs {
  tests: Set<string>;
  flags: Set<number>;
  unflagAll: boolean;
  zoom: boolean;
  /** Course dates, profile details or email preferences edited on this device and not yet sent. */
  courseDates: boolean;
  profile: boolean;
}

export function noPending(): PendingRefs {
  return { tests: new Set(), flags: new Set(), unflagAll: false, zoom: false, courseDates: false, profile: false };
}

export function mergePending(a: PendingRefs, b: PendingRefs): PendingRefs {
  return {
    tests: new Set([...a.tests, ...b.tests]),
    flags: new Set([...a.flags, ...b.flags]),
    unflagAll: a.unflagAll || b.unflagAll,
    zoom: a.zoom || b.zoom,
    courseDates: a.courseDates || b.courseDates,
    profile: a.profile || b.profile,
  };
}

/** Reads the pending outbox entries (inside a transaction that includes `outbox`, or alone). */
export async function pendingRefs(db: UserDb): Promise<PendingRefs> {
  const refs = noPending();
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
