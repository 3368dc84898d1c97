import { randomUUID } from "node:crypto";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import type { Mutation } from "@preflight/sync-protocol/schemas/sync";
import type { TestApp } from "./harness.ts";

/** A device as the server sees it: one client id, one seq counter, one signed-in student. */
export class FakeDevice {
  readonly clientId = randomUUID();
  private seq = 0;
  constructor(
    readonly app: TestApp,
    readonly cookie: string,
    readonly userId: string,
  ) {}

  static async signIn(app: TestApp, email = "student@preflight.test"): Promise<FakeDevice> {
    const cookie = await app.login(email);
    const me = (await (await app.request("/api/auth/me", { cookie })).json()) as { user: { id: string } };
    return new FakeDevice(app, cookie, me.user.id);
  }

  /**
   * A student of their own (so their records can be counted), copied from the demo student:
   * syllabus 3, optionally in a class. Signed in on a new device.
   */
  static async signInAsNewStudent(app: TestApp, classId: string | null = null): Promise<FakeDevice> {
    const demo = await app.deps.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "student@preflight.test")
      .executeTakeFirstOrThrow();
    const email = `s-${randomUUID().slice(0, 8)}@preflight.test`;
    await app.deps.db
      .insertInto("users")
      .values({ ...demo, id: randomUUID(), email, class_id: classId, change_seq: undefined } as never)
      .execute();
    return FakeDevice.signIn(app, email);
  }

  mutation(call: string, body: unknown, overrides: Partial<Mutation> = {}): Mutation {
    this.seq++;
    return {
      id: randomUUID(),
      clientId: this.clientId,
      seq: this.seq,
      userId: this.userId,
      createdAt: new Date(Date.UTC(2026, 10, 21, 9, 0, this.seq)).toISOString(),
      call,
      body,
      ...overrides,
    };
  }

  push(mutations: Mutation[]): Promise<Response> {
    return this.app.request("/sync/push", {
      method: "POST",
      cookie: this.cookie,
      json: { protocol: 1, clientId: this.clientId, mutations },
    });
  }

  /** A practice test of these questions, started by a push as the app starts one; its id. */
  async startPractice(questionIds: number[]): Promise<string> {
    const testId = randomUUID();
    await this.pushOk([this.mutation("POST /test/generate/practice", generateBody(testId, questionIds))]);
    return testId;
  }

  async pushOk(mutations: Mutation[]) {
    const res = await this.push(mutations);
    if (res.status !== 200) throw new Error(`push failed ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { results: Array<Record<string, unknown> & { status: string }> }).results;
  }
}

/** Some real bank questions by type, read from the seeded database. */
export async function questionsByType(app: TestApp): Promise<Record<BankQuestion["type"], BankQuestion[]>> {
  const rows = await app.deps.db.selectFrom("question_versions").select("content").where("version", "=", 1).execute();
  const out: Record<string, BankQuestion[]> = { multiple_choice: [], multiple_select: [], text: [], cloze: [] };
  for (const row of rows) {
    const q = JSON.parse(row.content) as BankQuestion;
    out[q.type]?.push(q);
  }
  return out as Record<BankQuestion["type"], BankQuestion[]>;
}

export function generateBody(testId: string, questionIds: number[]) {
  return {
    user_test_id: testId,
    test_type: "practice",
    title: "Practice test",
    display_answers: "after_test",
    time_limit: null,
    pass_percentage: null,
    question_ids: questionIds,
    started: "2026-11-21T09:00:00.000Z",
  };
}

export function correctIds(q: BankQuestion): number[] {
  return q.answers.filter((a) => a.correct).map((a) => a.id);
}

export function wrongIds(q: BankQuestion): number[] {
  return [q.answers.find((a) => !a.correct)?.id as number];
}
