/**
 * For the authorisation matrix: one student ("the owner") who holds one of every resource the
 * API keeps per student, each made through the real API (signed-in calls and queued writes
 * through /sync/push), and a snapshot of every row of theirs to compare before and after others
 * tried to reach them.
 */
import { randomUUID } from "node:crypto";
import { isWithheld } from "@preflight/sync-protocol/rules/withheld-answers";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import { type FixedTest, fixedTestsReplySchema } from "@preflight/sync-protocol/schemas/fixed";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { newAccount, TEST_PASSWORD } from "../test-support/accounts.ts";
import { APP_ORIGIN, type TestApp } from "../test-support/harness.ts";
import { correctIds, FakeDevice, generateBody, questionsByType } from "../test-support/mutations.ts";

/** The demo's Air Law progress test (syllabus 3, first module; a first attempt is open). */
export const AIR_LAW_PROGRESS_TEST = 1;
/** Course dates of the owner's own (syllabus 3's two modules). */
export const OWNER_COURSE_DATES = {
  syllabus_id: 3,
  modules: [
    { module_id: 301, start: "2026-12-01", end: "2027-01-29" },
    { module_id: 302, start: "2027-02-01", end: "2027-03-31" },
  ],
};
/** A name no other account has, so a reply that carries it carries the owner's profile. */
export const OWNER_FIRSTNAME = "Ownerly";
export const OWNER_LASTNAME = "Matrixson";
/** The owner's note on their flagged question: words no other account writes. */
export const OWNER_NOTE = "Ownerly's private mnemonic: QNH on the ground reads field elevation";

/**
 * One test of each type a student can take (TEST_TYPES), and a second fixed-test attempt:
 * the password-protected school exam, left running.
 */
export type OwnedTestKind =
  | "practice"
  | "timed"
  | "exam"
  | "progress_test_attempt"
  | "untimed"
  | "quiz"
  | "progress_test"
  | "school_exam";

export interface OwnedTest {
  kind: OwnedTestKind;
  /** Its test type (TEST_TYPES), as paths name it. */
  type: string;
  id: string;
  /** The question of the test that was answered. */
  questionId: number;
  answer: number[];
  finished: boolean;
  /** The ids of the owner's mutations that started the test and saved its answer. */
  startMutationId: string;
  answerMutationId: string;
}

export interface Owner {
  device: FakeDevice;
  email: string;
  /** The address an e-mail change of the owner waits to confirm. */
  pendingEmail: string;
  tests: OwnedTest[];
  flaggedQuestionId: number;
  seenInExamReportId: string;
  /** The owner's report of an error in a question, and their comment on a question of their school exam. */
  questionReportId: string;
  comment: string;
  progressResetId: string;
  mockExam: FixedTest;
  schoolExam: FixedTest;
  /** Ids of the owner's stored mutations (a device's mutation ids). */
  mutationIds: string[];
  /** Strings only the owner's data holds: none may appear in a reply to anyone else. */
  markers: string[];
}

/** The owner's test of this kind. */
export function ownedTest(owner: Owner, kind: OwnedTestKind): OwnedTest {
  const test = owner.tests.find((x) => x.kind === kind);
  if (!test) throw new Error(`the owner has no ${kind} test`);
  return test;
}

/** Pushes and requires every mutation applied. */
async function pushApplied(device: FakeDevice, mutations: ReturnType<FakeDevice["mutation"]>[]) {
  const results = await device.pushOk(mutations);
  const failed = results.filter((r) => r.status !== "applied");
  if (failed.length) throw new Error(`owner's mutations not applied: ${JSON.stringify(failed)}`);
  return mutations.map((m) => m.id);
}

async function expectOk(res: Response, what: string): Promise<unknown> {
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

/**
 * A new student of syllabus 3 with a test of every type (some finished, some in progress),
 * answers in each, a flag, a seen-in-exam report, a reviewed question, lesson progress, course
 * dates of their own, a progress reset, e-mail preferences, a profile, a zoom, activity,
 * sessions, feedback, a fixed-test password grant and live account tokens (e-mail change, password
 * reset). With `classId` they are in that class, whose dates they follow (no dates of their
 * own). `schoolExamPassword` is the demo's password of the Air Law school exam (demo/ is not
 * this layer's to import).
 */
export async function seedOwner(
  t: TestApp,
  schoolExamPassword: string,
  options: { classId?: string | null } = {},
): Promise<Owner> {
  const classId = options.classId ?? null;
  const account = await newAccount(t, { class_id: classId });
  const device = await FakeDevice.signIn(t, account.email);
  const { cookie } = device;
  const post = (path: string, json: unknown) => t.request(path, { method: "POST", cookie, json });

  const fixed = fixedTestsReplySchema.parse(
    await expectOk(await t.request("/api/user/fixed_tests", { cookie }), "fixed tests"),
  );
  const byTitle = (title: string) => {
    const test = fixed.tests.find((x) => x.title === title);
    if (!test) throw new Error(`no fixed test ${title}`);
    return test;
  };
  const mockExam = byTitle("Air Law mock exam");
  const schoolExam = byTitle("Air Law school exam");
  const content = new Map<number, BankQuestion>(
    fixed.questions.filter((q): q is BankQuestion & { version: number } => !isWithheld(q)).map((q) => [q.id, q]),
  );
  const mc = (await questionsByType(t)).multiple_choice;
  for (const q of mc) content.set(q.id, q);
  const choice = (ids: number[]) => {
    const q = ids
      .map((id) => content.get(id))
      .find((x) => x?.type === "multiple_choice" || x?.type === "multiple_select");
    if (!q) throw new Error("no choice question among the test's questions");
    return q;
  };

  // A fixed-test password grant: the school exam's password given online.
  const grant = (await expectOk(
    await post("/test/verify-password", {
      test_id: schoolExam.id,
      test_type: "exam",
      password: schoolExamPassword,
    }),
    "verify password",
  )) as { success: boolean };
  if (!grant.success) throw new Error("the owner's fixed-test password was refused");

  const progressQuestions = JSON.parse(
    (
      await t.deps.db
        .selectFrom("progress_tests")
        .select("question_ids")
        .where("id", "=", AIR_LAW_PROGRESS_TEST)
        .executeTakeFirstOrThrow()
    ).question_ids,
  ) as number[];
  const practiceIds = mc.slice(0, 3).map((q) => q.id);
  const timedIds = mc.slice(3, 5).map((q) => q.id);
  const untimedIds = mc.slice(8, 10).map((q) => q.id);
  const quizIds = mc.slice(10, 12).map((q) => q.id);
  const starts: Record<OwnedTestKind, { body: Record<string, unknown>; finish: boolean; questions: number[] }> = {
    practice: { body: generateBody(randomUUID(), practiceIds), finish: false, questions: practiceIds },
    timed: {
      body: { ...generateBody(randomUUID(), timedIds), test_type: "timed", title: "Timed test", time_limit: 20 },
      finish: true,
      questions: timedIds,
    },
    exam: {
      body: {
        ...generateBody(randomUUID(), mockExam.question_ids),
        test_type: "exam",
        question_versions: mockExam.question_versions,
        fixed_test_id: mockExam.id,
      },
      finish: true,
      questions: mockExam.question_ids,
    },
    // Opened by the owner's password grant; left running.
    school_exam: {
      body: {
        ...generateBody(randomUUID(), schoolExam.question_ids),
        test_type: "exam",
        question_versions: schoolExam.question_versions,
        fixed_test_id: schoolExam.id,
      },
      finish: false,
      questions: schoolExam.question_ids,
    },
    progress_test: {
      body: {
        ...generateBody(randomUUID(), progressQuestions),
        test_type: "progress_test",
        pass_percentage: 10,
        progress_test_id: AIR_LAW_PROGRESS_TEST,
      },
      finish: false,
      questions: progressQuestions,
    },
    progress_test_attempt: {
      body: {
        ...generateBody(randomUUID(), progressQuestions),
        test_type: "progress_test_attempt",
        pass_percentage: 10,
        progress_test_id: AIR_LAW_PROGRESS_TEST,
      },
      finish: true,
      questions: progressQuestions,
    },
    untimed: {
      body: { ...generateBody(randomUUID(), untimedIds), test_type: "untimed", title: "Untimed test" },
      finish: true,
      questions: untimedIds,
    },
    quiz: {
      body: {
        ...generateBody(randomUUID(), quizIds),
        test_type: "quiz",
        title: "Quiz",
        display_answers: "after_choice",
      },
      finish: false,
      questions: quizIds,
    },
  };

  const tests: OwnedTest[] = [];
  const mutationIds: string[] = [];
  // The progress test opens once every lesson before it in its module is read to the end.
  const lessons = await t.deps.db
    .selectFrom("module_parts")
    .innerJoin("lessons", "lessons.id", "module_parts.lesson_id")
    .select(["lessons.id", "lessons.pages"])
    .where("module_parts.module_id", "=", OWNER_COURSE_DATES.modules[0]?.module_id as number)
    .where("module_parts.type", "=", "lesson")
    .execute();
  mutationIds.push(
    ...(await pushApplied(
      device,
      lessons.map((l) =>
        device.mutation("POST /api/lesson/progress", {
          lesson_id: l.id,
          page: (JSON.parse(l.pages) as unknown[]).length,
        }),
      ),
    )),
  );
  for (const [kind, start] of Object.entries(starts) as [OwnedTestKind, (typeof starts)[OwnedTestKind]][]) {
    const id = start.body.user_test_id as string;
    const answered = choice(start.questions);
    const answer = correctIds(answered);
    const [startMutationId, answerMutationId, ...finish] = await pushApplied(device, [
      device.mutation(`POST /test/generate/${start.body.test_type}`, start.body),
      device.mutation("POST /test/current/save", { user_test_id: id, question_id: answered.id, answers: answer }),
      ...(start.finish ? [device.mutation(`POST /test/current/finish/${id}`, { flush_session: true })] : []),
    ]);
    mutationIds.push(startMutationId as string, answerMutationId as string, ...finish);
    tests.push({
      kind,
      type: start.body.test_type as string,
      id,
      questionId: answered.id,
      answer,
      finished: start.finish,
      startMutationId: startMutationId as string,
      answerMutationId: answerMutationId as string,
    });
  }

  const flaggedQuestionId = mc[6]?.id as number;
  const seenInExamReportId = randomUUID();
  const questionReportId = randomUUID();
  const comment = `Comment of ${OWNER_FIRSTNAME} on the school exam`;
  const schoolTest = tests.find((x) => x.kind === "school_exam") as OwnedTest;
  const timed = tests.find((x) => x.kind === "timed") as OwnedTest;
  const lesson = await t.deps.db.selectFrom("lessons").select("id").orderBy("id").executeTakeFirstOrThrow();
  const reset = device.mutation("POST /analysis/progress/reset/010", {});
  mutationIds.push(
    ...(await pushApplied(device, [
      device.mutation("POST /api/question/flag", { question_id: flaggedQuestionId, flagged: true }),
      device.mutation("POST /api/question/note", { question_id: flaggedQuestionId, text: OWNER_NOTE }),
      device.mutation("POST /api/question/review_mark", { question_id: flaggedQuestionId, marked: true }),
      device.mutation(`POST /questions/${mc[7]?.id}/seen-in-exam`, {
        report_id: seenInExamReportId,
        date_seen: "2026-10",
        authority: "de_lba",
      }),
      device.mutation(`POST /questions/${mc[7]?.id}/report-error`, {
        report_id: questionReportId,
        question_version: 1,
        category: "unclear_wording",
        description: `Report of ${OWNER_FIRSTNAME}`,
      }),
      device.mutation("POST /test/current/comment", {
        user_test_id: schoolTest.id,
        question_id: schoolTest.questionId,
        comment,
      }),
      device.mutation("POST /api/review", { user_test_question_id: `${timed.id}:1` }),
      device.mutation("POST /zoom", { zoom: 1.4 }),
      device.mutation("POST /api/lesson/progress", { lesson_id: lesson.id, page: 1 }),
      // A class's students have the class's dates, not their own.
      ...(classId === null ? [device.mutation("POST /profile/course-dates", OWNER_COURSE_DATES)] : []),
      device.mutation("POST /profile/preferences", { user_preferences: [1, 2] }),
      device.mutation("POST /profile/account", {
        firstname: OWNER_FIRSTNAME,
        lastname: OWNER_LASTNAME,
        email: account.email,
      }),
      reset,
    ])),
  );

  await expectOk(await post("/user-active", {}), "user active");
  // Feedback with a screenshot, sent as the app sends it (multipart, from the app's page).
  const feedback = new FormData();
  feedback.set("feedback", `Feedback of ${OWNER_FIRSTNAME}`);
  feedback.append(
    "screenshots[]",
    new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])]),
    "a.png",
  );
  await expectOk(
    await t.request("/feedback", {
      method: "POST",
      cookie,
      headers: { Origin: APP_ORIGIN, "Sec-Fetch-Site": "same-origin" },
      body: feedback,
    }),
    "feedback",
  );
  await expectOk(await post(`/email-preferences/${device.userId}`, { preferences: [1, 3] }), "email preferences");
  const pendingEmail = `pending-${randomUUID().slice(0, 8)}@preflight.test`;
  await expectOk(
    await post("/profile/email", { email: pendingEmail, current_password: TEST_PASSWORD }),
    "email change",
  );
  await expectOk(
    await t.request("/password/email", { method: "POST", json: { email: account.email } }),
    "password reset mail",
  );
  // Review weights come from the server's own fitter (review/fit-weights.ts), never from a route:
  // written here as it writes them, so every route is checked not to touch them.
  await t.deps.db
    .insertInto("review_weights")
    .values({
      user_id: device.userId,
      weights: JSON.stringify(Array(21).fill(1)),
      reviews: 300,
      fitted_at: "2026-11-20T09:00:00.000Z",
    })
    .execute();

  return {
    device,
    email: account.email,
    pendingEmail,
    tests,
    flaggedQuestionId,
    seenInExamReportId,
    questionReportId,
    comment,
    progressResetId: reset.id,
    mockExam,
    schoolExam,
    mutationIds,
    markers: [
      device.userId,
      account.email,
      pendingEmail,
      OWNER_FIRSTNAME,
      OWNER_LASTNAME,
      OWNER_NOTE,
      device.clientId,
      seenInExamReportId,
      questionReportId,
      comment,
      ...tests.map((x) => x.id),
      ...mutationIds,
    ],
  };
}

/** Every table that holds rows of one student, by the column naming them. */
const OWNED_TABLES = [
  "sessions",
  "user_tests",
  "answers",
  "mutations",
  "client_cursors",
  "flags",
  "question_notes",
  "question_review_marks",
  "seen_in_exam",
  "question_reports",
  "reviews",
  "user_settings",
  "user_activity",
  "fixed_test_access",
  "user_change_counters",
  "course_dates",
  "lesson_progress",
  "progress_resets",
  "review_weights",
  "account_tokens",
  "user_subscriptions",
  "checkouts",
  "feedback",
] as const satisfies (keyof Database)[];

/** Every row of the owner's, table by table, in a stable order: equal snapshots mean nothing of theirs changed. */
export async function ownerRows(db: Kysely<Database>, owner: Owner): Promise<Record<string, string[]>> {
  const userId = owner.device.userId;
  const sorted = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();
  const out: Record<string, string[]> = {
    users: sorted(await db.selectFrom("users").selectAll().where("id", "=", userId).execute()),
    user_test_questions: sorted(
      await db
        .selectFrom("user_test_questions")
        .selectAll()
        .where(
          "user_test_id",
          "in",
          owner.tests.map((x) => x.id),
        )
        .execute(),
    ),
    // The dates of the owner's class (none for an owner of no class): the owner's dates too.
    class_course_dates: sorted(
      await db
        .selectFrom("course_dates")
        .innerJoin("users", "users.class_id", "course_dates.class_id")
        .select(["course_dates.id", "course_dates.module_id", "course_dates.start_date", "course_dates.end_date"])
        .where("users.id", "=", userId)
        .where("course_dates.user_id", "is", null)
        .execute(),
    ),
    // Mail to the owner's addresses: nobody else's call may send them any.
    mail_outbox: sorted(
      await db
        .selectFrom("mail_outbox")
        .selectAll()
        .where("recipient", "in", [owner.email, owner.pendingEmail])
        .execute(),
    ),
  };
  for (const table of OWNED_TABLES) {
    out[table] = sorted(
      await db
        .selectFrom(table)
        .selectAll()
        .where("user_id" as never, "=", userId as never)
        .execute(),
    );
  }
  return out;
}

/**
 * Tables of the snapshot that must hold something, so an empty table cannot pass unnoticed
 * (course dates of their own only for an owner of no class, their class's for a classmate).
 */
export function seededTables(inClass: boolean): string[] {
  return [
    "users",
    "user_test_questions",
    "mail_outbox",
    ...OWNED_TABLES.filter((table) => table !== "user_subscriptions" && !(inClass && table === "course_dates")),
    ...(inClass ? ["class_course_dates"] : []),
  ];
}
