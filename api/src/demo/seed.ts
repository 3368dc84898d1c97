/**
 * The demo layer's entry: first-start content and accounts on an empty database. It sits above
 * every other layer of api/src (it may use any of them); only the entry points (server.ts, the
 * content import CLI), test-support and tests import it.
 */
import { randomUUID } from "node:crypto";
import { loadAuthorities, loadDemoUsers, loadSyllabi } from "@preflight/fixtures/catalogue.ts";
import { type Fixtures, loadFixtures } from "@preflight/fixtures/index.ts";
import { subjectOfCode } from "@preflight/sync-protocol/schemas/content";
import type { InsertObject, Kysely } from "kysely";
import { hashPassword } from "../auth/password.ts";
import { publishRelease } from "../content/publish.ts";
import type { Database } from "../db/schema.ts";
import type { Clock } from "../deps.ts";
import { demoFixedTests } from "./fixed-tests.ts";
import { seedDemoLicences } from "./licences.ts";
import { DEMO_SCHOOL_QUESTIONS, DEMO_SYLLABI_SCHOOL_ID } from "./school-questions.ts";
import { seedDemoSubscriptions } from "./subscriptions.ts";
import { seedDemoAccessRules } from "./syllabus-access.ts";

/** Inserts rows in slices that stay under SQLite's and PostgreSQL's parameter limits. */
async function insertChunked<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: InsertObject<Database, T>[],
  size = 200,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size))
      .execute();
  }
}

/** Course dates of the demo class, ATPL Integrated 2026-A (syllabus 3: modules 301 and 302). */
const DEMO_CLASS_ID = "class-2026-a";
const DEMO_COURSE_DATES = [
  { module_id: 301, start_date: "2026-09-07", end_date: "2026-10-30" },
  { module_id: 302, start_date: "2026-11-02", end_date: "2026-12-18" },
];

export async function isSeeded(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom("syllabi").select("id").limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * First-start content: syllabus choices, the EASA syllabus tree, the demo bank, lessons,
 * modules, authorities and the demo accounts. Does nothing on a seeded database.
 */
export async function seedDemo(
  db: Kysely<Database>,
  clock: Clock,
  fixtures: Fixtures = loadFixtures(),
): Promise<boolean> {
  if (await isSeeded(db)) return false;
  if (fixtures.problems.length) throw new Error(`fixtures are invalid:\n${fixtures.problems.join("\n")}`);
  const now = clock.now().toISOString();
  const catalogue = loadSyllabi();
  const demo = loadDemoUsers();
  const users = await Promise.all(
    demo.users.map(async (u) => ({
      id: randomUUID(),
      email: u.email,
      password_hash: await hashPassword(u.password),
      firstname: u.firstname,
      lastname: u.lastname,
      role: u.role,
      syllabus_id: u.syllabus_id,
      class_id: u.class_id,
      subscription_start: u.subscription?.start ?? null,
      subscription_end: u.subscription?.end ?? null,
      student_id: u.student_id,
      school_id: u.role === "instructor" ? u.school_id : null,
      created_at: now,
    })),
  );
  const fixedTests = await demoFixedTests(catalogue.syllabi, fixtures.questions);

  await db.transaction().execute(async (trx) => {
    const tx = trx as unknown as Kysely<Database>;
    await insertChunked(
      tx,
      "schools",
      demo.schools.map((s) => ({ id: s.id, name: s.name, open_registration: s.open_registration ? 1 : 0 })),
    );
    await insertChunked(tx, "licence_types", catalogue.licences);
    await insertChunked(
      tx,
      "syllabi",
      catalogue.syllabi.map((s) => ({
        id: s.id,
        title: s.title,
        licence: catalogue.licences.find((l) => l.id === s.licence_id)?.code ?? "",
        edition: s.edition,
        include_examples: s.include_examples ? 1 : 0,
        active: 1,
        school_id: s.school_id,
        licence_type_id: s.licence_id,
        warning: s.warning,
      })),
    );
    await insertChunked(tx, "classes", demo.classes);
    await insertChunked(tx, "users", users);
    await insertChunked(tx, "subjects", fixtures.subjects);
    await insertChunked(
      tx,
      "syllabus_nodes",
      fixtures.nodes.map((n) => ({ code: n.code, subject: subjectOfCode(n.code), title: n.title, level: n.level })),
    );
    await insertChunked(
      tx,
      "learning_objectives",
      fixtures.learningObjectives.map((lo) => ({
        code: lo.code,
        subject: lo.subject,
        text: lo.text,
        courses: JSON.stringify(lo.courses),
      })),
    );
    await insertChunked(
      tx,
      "questions",
      [
        ...fixtures.questions.map((q) => ({ question: q, school_id: null })),
        ...DEMO_SCHOOL_QUESTIONS.map((q) => ({ question: q, school_id: DEMO_SYLLABI_SCHOOL_ID })),
      ].map(({ question: q, school_id }) => ({
        id: q.id,
        subject: q.subject,
        syllabus_code: q.syllabus_code,
        current_version: 1,
        example: q.example ? 1 : 0,
        editions: JSON.stringify(q.editions),
        added: q.added,
        retired_at: null,
        school_id,
      })),
    );
    await insertChunked(
      tx,
      "question_versions",
      [...fixtures.questions, ...DEMO_SCHOOL_QUESTIONS].map((q) => ({
        question_id: q.id,
        version: 1,
        content: JSON.stringify(q),
        created_at: now,
      })),
      100,
    );
    await insertChunked(
      tx,
      "lessons",
      fixtures.lessons.map((l) => ({
        id: l.id,
        subject: l.subject,
        code: l.code,
        title: l.title,
        pages: JSON.stringify(l.pages),
        learning_objectives: JSON.stringify(l.learning_objectives),
      })),
    );
    await insertChunked(
      tx,
      "progress_tests",
      catalogue.progress_tests.map((pt) => ({
        id: pt.id,
        title: pt.title,
        subject: pt.subject,
        question_ids: JSON.stringify(
          fixtures.questions
            .filter((q) => q.subject === pt.subject && !q.example && q.editions.includes("2020"))
            .slice(0, pt.questions)
            .map((q) => q.id),
        ),
        pass_percentage: pt.pass_percentage,
        time_limit: pt.time_limit,
      })),
    );
    await insertChunked(tx, "fixed_tests", fixedTests);
    const lessonIds = new Set(fixtures.lessons.map((l) => l.id));
    let partId = 1;
    for (const syllabus of catalogue.syllabi) {
      const moduleId = (key: number) => syllabus.id * 100 + key;
      await insertChunked(
        tx,
        "modules",
        catalogue.modules.map((m, i) => ({
          id: moduleId(m.key),
          syllabus_id: syllabus.id,
          title: m.title,
          position: i + 1,
          prerequisite_module_id: m.prerequisite_key ? moduleId(m.prerequisite_key) : null,
        })),
      );
      const parts = catalogue.modules.flatMap((m) =>
        m.parts
          .filter((p) => p.type !== "lesson" || lessonIds.has(p.lesson_id))
          .map((p, i) => ({
            id: partId++,
            module_id: moduleId(m.key),
            position: i + 1,
            type: p.type,
            lesson_id: p.type === "lesson" ? p.lesson_id : null,
            progress_test_id: p.type === "progress_test" ? p.progress_test_id : null,
          })),
      );
      await insertChunked(tx, "module_parts", parts);
    }
    await insertChunked(
      tx,
      "authorities",
      loadAuthorities().flatMap((g, gi) =>
        g.authorities.map((a, ai) => ({ id: a.id, title: a.title, group_name: g.group, position: gi * 1000 + ai })),
      ),
    );
    // The demo class's course dates (spec: course, modules with start and end), on its students' syllabus.
    await insertChunked(
      tx,
      "course_dates",
      DEMO_COURSE_DATES.map((d) => ({ id: randomUUID(), class_id: DEMO_CLASS_ID, user_id: null, ...d })),
    );
    // The syllabus page's access rules (initial attempt, retry interval, required lessons, targets).
    await seedDemoAccessRules(tx);
    // The shop: currencies, subscription types and prices, the demo vouchers.
    await seedDemoSubscriptions(tx, clock);
    // The installed app's demo account and licence keys.
    await seedDemoLicences(tx, clock);
    // Release 1: the packs devices download.
    await publishRelease(tx, clock, "demo content");
  });
  return true;
}
