/**
 * What a queued call is, in the student's words: "Answer to question 12 of “Practice”" rather
 * than "POST /test/current/save". One label per call of the catalogue (sync-protocol's
 * MUTATIONS; the record below has to name every one), read from the call and its body, and,
 * for the calls of a test, the test as this device holds it (its title and question order).
 */
import { MUTATIONS, type MutationBody, type MutationTemplate, resolveCall } from "@preflight/sync-protocol/mutations";
import type { LocalUserTest, Notice, OutboxEntry, UserDb } from "../store/db.ts";

/** The test a call belongs to, as the device holds it (absent: not on this device). */
type TestOnDevice = Pick<LocalUserTest, "title" | "question_ids"> | undefined;

type Labeller<T extends MutationTemplate> = (body: MutationBody<T>, test: TestOnDevice) => string;

const LABELS: { [T in MutationTemplate]: Labeller<T> } = {
  "POST /test/generate/{test_type}": (body) => `New test “${body.title}”`,
  "POST /test/current/save": (body, test) => {
    const position = test ? test.question_ids.indexOf(body.question_id) + 1 : 0;
    if (!test) return "Answer to a question of a test";
    return position > 0
      ? `Answer to question ${position} of “${test.title}”`
      : `Answer to a question of “${test.title}”`;
  },
  "POST /test/current/finish/{id}": (_, test) => (test ? `End of the test “${test.title}”` : "End of a test"),
  "POST /api/question/flag": (body) => (body.flagged === false ? "Flag taken off a question" : "Flag on a question"),
  "POST /api/question/unflag_all": () => "All flags taken off",
  "POST /api/question/note": (body) => (body.text === "" ? "Note cleared on a question" : "Note on a question"),
  "POST /api/question/review_mark": (body) =>
    body.marked ? "Question marked for review" : "Mark for review taken off a question",
  "POST /questions/{id}/seen-in-exam": () => "Question seen in an exam",
  "POST /api/review": () => "Question looked at in your results",
  "POST /zoom": () => "Question zoom",
  "POST /api/lesson/progress": () => "Lesson progress",
  "POST /profile/course-dates": () => "Course dates",
  "POST /profile/account": () => "Personal details",
  "POST /profile/preferences": () => "Email preferences",
  "POST /analysis/progress/reset/{subject_id}": () => "Progress reset of a subject",
  "POST /test/current/comment": (body, test) => {
    const position = test ? test.question_ids.indexOf(body.question_id) + 1 : 0;
    const what = body.comment === "" ? "Comment taken off" : "Comment on";
    if (!test) return `${what} a question of a test`;
    return position > 0 ? `${what} question ${position} of “${test.title}”` : `${what} a question of “${test.title}”`;
  },
  "POST /questions/{id}/report-error": () => "Report of an error in a question",
};

/** Said of a call this version does not know, or whose body it cannot read. */
export const UNKNOWN_CHANGE_LABEL = "A change made on this device";

/** The test a call concerns: named in its path (finish) or its body (save), if any. */
export function callTestId(call: string, body: unknown): string | null {
  const resolved = resolveCall(call);
  if (!resolved) return null;
  if (resolved.params.id && resolved.template === "POST /test/current/finish/{id}") return resolved.params.id;
  if (
    resolved.template === "POST /test/current/save" ||
    resolved.template === "POST /test/current/comment" ||
    resolved.template === "POST /test/generate/{test_type}"
  ) {
    const parsed = MUTATIONS[resolved.template].safeParse(body);
    return parsed.success ? parsed.data.user_test_id : null;
  }
  return null;
}

/** The student's label for a queued call, e.g. "Lesson progress" for "POST /api/lesson/progress". */
export function callLabel(call: string, body: unknown, test?: TestOnDevice): string {
  const resolved = resolveCall(call);
  if (!resolved) return UNKNOWN_CHANGE_LABEL;
  const parsed = MUTATIONS[resolved.template].safeParse(body);
  if (!parsed.success) return UNKNOWN_CHANGE_LABEL;
  const label = LABELS[resolved.template] as Labeller<MutationTemplate>;
  return label(parsed.data as MutationBody<MutationTemplate>, test);
}

export interface RefusedChange {
  seq: number;
  label: string;
  /** The server's reason, as told to the student (the notice's message). */
  reason: string | null;
}

/** The label of a queued call, with the test it concerns read from the device. */
async function labelOf(db: UserDb, call: string, body: unknown): Promise<string> {
  const testId = callTestId(call, body);
  return callLabel(call, body, testId ? await db.userTests.get(testId) : undefined);
}

/** The changes the server refused, oldest first, each with its label and reason. */
export async function refusedChanges(db: UserDb): Promise<RefusedChange[]> {
  const failed: OutboxEntry[] = await db.outbox.where("status").equals("failed").sortBy("seq");
  return Promise.all(
    failed.map(async (entry) => {
      const [label, notice] = await Promise.all([labelOf(db, entry.call, entry.body), db.notices.get(entry.id)]);
      return { seq: entry.seq, label, reason: notice?.message ?? entry.lastError };
    }),
  );
}

/**
 * The refusals the student has not dismissed yet, oldest first, each with the label of its change
 * (the notice keeps the call; its body is the parked outbox entry's, which has the notice's id).
 */
export async function unseenRefusals(db: UserDb): Promise<(Notice & { label: string })[]> {
  const notices = await db.notices.where("seen").equals(0).sortBy("createdAt");
  return Promise.all(
    notices.map(async (notice) => {
      const entry = await db.outbox.where("id").equals(notice.id).first();
      return { ...notice, label: await labelOf(db, notice.call, entry?.body) };
    }),
  );
}
