/**
 * The demo class's activity (issue 20): classmates for Casey Cadet in ATPL Integrated 2026-A and
 * a few weeks of study for each of them (Casey has not started), so the demo instructor's class overview looks like a
 * real class: lessons read, progress tests taken, practice and mock exams answered, some students
 * ahead of the course dates and some behind. Everything is written the way a student's device
 * writes it: queued changes applied by the server's own Replayer (grading, question statistics,
 * change numbers), dated over the past weeks by the device time of each change.
 *
 * The school also has a test of its own, set by the demo instructor for the class (issue 20), and
 * the classmates who sit mock exams have sat it, so the school's tests list and its results page
 * show a real test at first start. It is saved as the editor saves one (school-tests/queries.ts).
 *
 * Run on first start after the demo content (server.ts); does nothing once the class has tests.
 * API tests that need the class's activity call it themselves.
 */
import { createHash, randomUUID } from "node:crypto";
import { FIXED_TEST_TYPE } from "@preflight/sync-protocol/rules/hidden-results";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import { fixedTestDraftSchema } from "@preflight/sync-protocol/schemas/school-tests";
import type { Mutation } from "@preflight/sync-protocol/schemas/sync";
import { effectTables } from "../app.ts";
import type { AppDeps, AuthedUser } from "../deps.ts";
import { resolveChoice, saveSchoolTest } from "../routes/school-tests/queries.ts";
import { studentModules } from "../routes/syllabus/queries.ts";
import { Replayer } from "../sync/replay.ts";

export const DEMO_CLASS_ID = "class-2026-a";

/** The demo class's students besides Casey Cadet, each studying at their own pace and skill. */
const CLASSMATES = [
  { firstname: "Alex", lastname: "Airways", student_id: "PFA-2026-004", email: "alex.airways@preflight.test" },
  { firstname: "Blair", lastname: "Bearing", student_id: "PFA-2026-009", email: "blair.bearing@preflight.test" },
  { firstname: "Dana", lastname: "Descent", student_id: "PFA-2026-021", email: "dana.descent@preflight.test" },
  { firstname: "Emery", lastname: "Elevator", student_id: "PFA-2026-026", email: "emery.elevator@preflight.test" },
  { firstname: "Finley", lastname: "Flaps", student_id: "PFA-2026-031", email: "finley.flaps@preflight.test" },
];

/**
 * How each classmate studies, by student number: the share of the course's lessons read, the
 * chance of a right answer, mock exams sat, practice questions per subject reached, and days
 * since they were last active. Casey Cadet (class@preflight.test, PFA-2026-017) has not started:
 * the demo's class student keeps the empty lists a newcomer sees (the e2e suites rely on them),
 * and the overview shows a student who has not begun.
 */
const PLANS: Record<string, { lessons: number; skill: number; mocks: number; practice: number; idleDays: number }> = {
  "PFA-2026-004": { lessons: 1, skill: 0.9, mocks: 3, practice: 40, idleDays: 0 },
  "PFA-2026-009": { lessons: 0.75, skill: 0.8, mocks: 2, practice: 30, idleDays: 2 },
  "PFA-2026-021": { lessons: 0.35, skill: 0.62, mocks: 1, practice: 25, idleDays: 6 },
  "PFA-2026-026": { lessons: 0.15, skill: 0.55, mocks: 0, practice: 12, idleDays: 16 },
  "PFA-2026-031": { lessons: 0.5, skill: 0.68, mocks: 1, practice: 22, idleDays: 3 },
};

/** The demo school's own test: an Air Law check for the class, open from three weeks ago for a month. */
const SCHOOL_TEST = {
  title: "Air Law class check",
  subject: "010",
  questions: 12,
  /** Past the questions the first mock exam opens with (the demo bank holds 19 of Air Law). */
  offset: 7,
  time_limit: 20,
  pass_percentage: 75,
  attempts: 2,
  opensDaysAgo: 21,
  closesInDays: 9,
};

/** A number in [0, 1) from a text: the same student answers the same question the same way on every start. */
function draw(text: string): number {
  return createHash("sha256").update(text).digest().readUInt32BE(0) / 2 ** 32;
}

const DAY = 86_400_000;

export async function seedDemoClassActivity(deps: AppDeps): Promise<boolean> {
  const { db } = deps;
  const casey = await db
    .selectFrom("users")
    .selectAll()
    .where("class_id", "=", DEMO_CLASS_ID)
    .where("email", "=", "class@preflight.test")
    .executeTakeFirst();
  if (!casey || casey.syllabus_id === null) return false;
  const started = await db
    .selectFrom("user_tests")
    .innerJoin("users", "users.id", "user_tests.user_id")
    .select("user_tests.id")
    .where("users.class_id", "=", DEMO_CLASS_ID)
    .limit(1)
    .executeTakeFirst();
  if (started) return false;

  const now = deps.clock.now();
  const existing = new Set(
    (
      await db
        .selectFrom("users")
        .select("email")
        .where(
          "email",
          "in",
          CLASSMATES.map((c) => c.email),
        )
        .execute()
    ).map((r) => r.email),
  );
  const fresh = CLASSMATES.filter((c) => !existing.has(c.email));
  if (fresh.length)
    await db
      .insertInto("users")
      .values(
        fresh.map((c) => ({
          ...casey,
          ...c,
          id: randomUUID(),
          school_id: null,
          created_at: now.toISOString(),
          change_seq: undefined,
          account_number: undefined,
        })) as never,
      )
      .execute();

  const students = await db
    .selectFrom("users")
    .select(["id", "email", "role", "syllabus_id", "student_id"])
    .where("class_id", "=", DEMO_CLASS_ID)
    .where("role", "=", "student")
    .execute();

  // Each lesson's pages (read to the last) and each progress test's questions.
  const pages = new Map(
    (await db.selectFrom("lessons").select(["id", "pages"]).execute()).map((l) => [
      Number(l.id),
      (JSON.parse(l.pages) as unknown[]).length,
    ]),
  );
  const testQuestions = new Map(
    (await db.selectFrom("progress_tests").select(["id", "question_ids"]).execute()).map((t) => [
      Number(t.id),
      JSON.parse(t.question_ids) as number[],
    ]),
  );
  const lessonCount = (await studentModules(db, { id: casey.id, syllabus_id: casey.syllabus_id }))
    .flatMap((m) => m.parts)
    .filter((p) => p.type === "lesson").length;

  // Choice questions of the bank (those a device answers with answer ids), by subject.
  const versions = await db
    .selectFrom("question_versions")
    .innerJoin("questions", "questions.id", "question_versions.question_id")
    .select(["question_versions.content"])
    .where("question_versions.version", "=", 1)
    .where("questions.school_id", "is", null)
    .where("questions.example", "=", 0)
    .execute();
  const bySubject = new Map<string, BankQuestion[]>();
  const byId = new Map<number, BankQuestion>();
  for (const { content } of versions) {
    const q = JSON.parse(content) as BankQuestion;
    if (q.type !== "multiple_choice" || !q.editions.includes("2020")) continue;
    byId.set(q.id, q);
    bySubject.set(q.subject, [...(bySubject.get(q.subject) ?? []), q]);
  }

  const schoolTest = await setSchoolTest(deps, (bySubject.get(SCHOOL_TEST.subject) ?? []).slice(SCHOOL_TEST.offset));
  const { effects, batched } = effectTables(deps);
  const replayer = new Replayer(deps, effects, batched);
  const sentAt = now.toISOString();

  for (const student of students) {
    const plan = PLANS[student.student_id ?? ""];
    if (!plan) continue;
    const user: AuthedUser = { ...student, school_id: null, sessionId: randomUUID() };
    const clientId = randomUUID();
    let seq = 0;
    // The student's study runs from four weeks ago to their last active day, a change every few minutes.
    const last = now.getTime() - plan.idleDays * DAY - 2 * 3_600_000;
    let at = now.getTime() - 28 * DAY;
    const mutations: Mutation[] = [];
    const step = (minutes: number) => {
      at = Math.min(last, at + minutes * 60_000);
      return new Date(at).toISOString();
    };
    const add = (call: string, body: unknown, minutes = 2) =>
      mutations.push({
        id: randomUUID(),
        clientId,
        seq: ++seq,
        userId: student.id,
        createdAt: step(minutes),
        call,
        body,
      });
    // Drawn from the student's number and the test's place in their study: the same on every start.
    let tests = 0;
    const right = (q: BankQuestion, skill: number) => draw(`${student.student_id}:${tests}:${q.id}`) < skill;
    const answer = (q: BankQuestion, ok: boolean) =>
      ok ? q.answers.filter((a) => a.correct).map((a) => a.id) : [q.answers.find((a) => !a.correct)?.id ?? 0];
    /** A test of these questions, answered and finished. */
    const sit = (
      type: string,
      title: string,
      questions: BankQuestion[],
      extra: Record<string, unknown> = {},
      skill = plan.skill,
    ) => {
      tests++;
      const id = randomUUID();
      const begun = step(60 * 5);
      add(
        `POST /test/generate/${type}`,
        {
          user_test_id: id,
          test_type: type,
          title,
          display_answers: "after_test",
          time_limit: null,
          pass_percentage: null,
          question_ids: questions.map((q) => q.id),
          started: begun,
          ...extra,
        },
        0,
      );
      for (const q of questions)
        add("POST /test/current/save", { user_test_id: id, question_id: q.id, answers: answer(q, right(q, skill)) }, 1);
      add(`POST /test/current/finish/${id}`, { flush_session: true }, 1);
    };

    // The course in order, each part at its target date at the earliest (the demo restricts
    // parts to their dates), until the student's share of lessons is read or their last day.
    const modules = await studentModules(db, { id: student.id, syllabus_id: casey.syllabus_id });
    let lessonsToRead = Math.round(plan.lessons * lessonCount);
    const practised = new Set<string>();
    const practise = (subject: string | undefined) => {
      if (subject === undefined || practised.has(subject)) return;
      practised.add(subject);
      const bank = bySubject.get(subject) ?? [];
      const practice = bank.slice(0, plan.practice);
      for (let i = 0; i < practice.length; i += 10) sit("practice", "Practice test", practice.slice(i, i + 10));
      for (let m = 0; m < plan.mocks; m++) {
        const offset = (m * 7) % Math.max(1, bank.length);
        sit("timed", "Mock exam", [...bank.slice(offset), ...bank.slice(0, offset)].slice(0, 16), { time_limit: 3600 });
      }
    };
    course: for (const module of modules) {
      for (const part of module.parts) {
        const due = part.target ? Date.parse(`${part.target}T08:00:00Z`) : 0;
        if (Math.max(at, due) >= last || (part.type === "lesson" && lessonsToRead <= 0)) {
          practise(module.subjects[0]);
          break course;
        }
        at = Math.max(at, due);
        if (part.type === "lesson") {
          lessonsToRead--;
          add(
            "POST /api/lesson/progress",
            { lesson_id: part.content.id, page: pages.get(part.content.id) ?? 1 },
            60 * 8,
          );
          continue;
        }
        const questions = (testQuestions.get(part.content.id) ?? []).flatMap((id) => byId.get(id) ?? []);
        if (questions.length === 0) continue;
        practise(module.subjects[0]);
        // A student revises before a progress test: they do better there than in practice.
        sit(
          "progress_test_attempt",
          part.content.title,
          questions,
          { pass_percentage: part.content.pass_percentage, progress_test_id: part.content.id },
          Math.min(0.98, plan.skill + 0.15),
        );
      }
    }
    // Those who sit mock exams have sat the school's check too, once it was open, on a day they studied.
    if (schoolTest && plan.mocks > 0 && schoolTest.opensAt < last) {
      at = Math.max(at, schoolTest.opensAt);
      sit(FIXED_TEST_TYPE, SCHOOL_TEST.title, schoolTest.questions, { fixed_test_id: schoolTest.id });
    }
    // A part the syllabus's access rules keep closed (a target date not reached yet, a progress
    // test before its lessons) is refused as it would be on a device: the rest still applies.
    const results = await replayer.push(user, clientId, mutations, sentAt);
    if (!results.some((r) => r.status === "applied"))
      throw new Error(`demo class activity of ${student.email}: ${JSON.stringify(results[0])}`);
    await db
      .insertInto("user_activity")
      .values({ user_id: student.id, last_active_at: new Date(last).toISOString() })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ last_active_at: new Date(last).toISOString() }))
      .execute();
  }
  return true;
}

/**
 * The demo instructor's test for the class, saved as the editor saves one: the draft checked by
 * the contract's schema, its questions by the school's own rule. Undefined without an instructor
 * or enough questions.
 */
async function setSchoolTest(
  deps: AppDeps,
  bank: BankQuestion[],
): Promise<{ id: number; questions: BankQuestion[]; opensAt: number } | undefined> {
  const { db, dialect, clock } = deps;
  const instructor = await db
    .selectFrom("users")
    .innerJoin("classes", "classes.school_id", "users.school_id")
    .select(["users.id", "users.school_id"])
    .where("classes.id", "=", DEMO_CLASS_ID)
    .where("users.role", "=", "instructor")
    .executeTakeFirst();
  const questions = bank.slice(0, SCHOOL_TEST.questions);
  if (!instructor?.school_id || questions.length < SCHOOL_TEST.questions) return undefined;
  const now = clock.now();
  const draft = fixedTestDraftSchema.parse({
    title: SCHOOL_TEST.title,
    questions: { kind: "list", question_ids: questions.map((q) => q.id) },
    time_limit: SCHOOL_TEST.time_limit,
    pass_percentage: SCHOOL_TEST.pass_percentage,
    attempts: SCHOOL_TEST.attempts,
    password: null,
    hide_results: false,
    hide_answers: false,
    // At the hours a school would choose: the morning it opened, the evening it closes.
    opens_at: atHour(now.getTime() - SCHOOL_TEST.opensDaysAgo * DAY, 8),
    closes_at: atHour(now.getTime() + SCHOOL_TEST.closesInDays * DAY, 18),
    disabled_reason: null,
    class_ids: [DEMO_CLASS_ID],
  });
  const questionIds = await resolveChoice(db, instructor.school_id, draft.questions, now.getTime());
  const id = await saveSchoolTest(db, dialect, {
    schoolId: instructor.school_id,
    instructorId: instructor.id,
    draft,
    questionIds,
    now: now.toISOString(),
  });
  return { id, questions, opensAt: Date.parse(draft.opens_at ?? "") };
}

/** The day of `time` at `hour`:00 UTC. */
function atHour(time: number, hour: number): string {
  const day = new Date(time);
  day.setUTCHours(hour, 0, 0, 0);
  return day.toISOString();
}
