/**
 * The maintenance users page's calls (spec accounts §6, §7; issue 16): a maintenance user sends
 * a device's local profile's changes to the server as that user, exactly once; asks how a user
 * stands; and before a local profile is deleted, the server confirms every change of it arrived.
 * The server deletes no account data. Students are refused, and every bad input is a 4xx.
 */
import { randomUUID } from "node:crypto";
import { errorBodySchema } from "@preflight/sync-protocol/schemas/errors";
import {
  MAINTENANCE_USER_MESSAGES,
  maintenanceUserReplySchema,
} from "@preflight/sync-protocol/schemas/maintenance-users";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { FakeDevice, questionsByType } from "../../test-support/mutations.ts";

describe.each(DIALECTS)("maintenance users (%s)", (dialect) => {
  let t: TestApp;
  let admin: string;
  /** The student whose local profile sits on the maintenance user's device (never signed in there now). */
  let student: FakeDevice;
  let studentEmail: string;
  let questionIds: number[];
  const emailOf = async (id: string) =>
    (await t.deps.db.selectFrom("users").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.login("admin@preflight.test");
    student = await FakeDevice.signInAsNewStudent(t);
    studentEmail = await emailOf(student.userId);
    questionIds = (await questionsByType(t)).multiple_choice.slice(0, 5).map((q) => q.id);
  });
  afterAll(() => t.close());

  const sync = (id: string, body?: unknown, query = "", cookie = admin) =>
    t.request(`/maintenance/user/${id}/sync${query}`, {
      method: "POST",
      cookie,
      ...(body === undefined ? {} : { json: body }),
    });
  const remove = (id: string, body?: unknown, cookie = admin) =>
    t.request(`/maintenance/user/${id}/delete`, {
      method: "POST",
      cookie,
      ...(body === undefined ? {} : { json: body }),
    });
  const reply = async (res: Response) => maintenanceUserReplySchema.parse(await res.json());
  const refusal = async (res: Response) => errorBodySchema.parse(await res.json()).error;
  const flags = async (userId: string) =>
    (await t.deps.db.selectFrom("flags").select("question_id").where("user_id", "=", userId).execute()).map(
      (r) => r.question_id,
    );
  const stored = async (userId: string) =>
    Number(
      (
        await t.deps.db
          .selectFrom("mutations")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("user_id", "=", userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("applies a local profile's changes as that student, once, however often they are sent", async () => {
    const device = new FakeDevice(t, admin, student.userId);
    const flag = device.mutation("POST /api/question/flag", { question_id: questionIds[0], flagged: true });
    const body = { clientId: device.clientId, mutations: [flag] };

    const first = await sync(student.userId, body);
    expect(first.status).toBe(200);
    const sent = await reply(first);
    expect(sent.text).toBe(`Sent 1 change of ${studentEmail}: 1 applied, 0 already on the server, 0 refused.`);
    expect(sent.results?.map((r) => r.status)).toEqual(["applied"]);
    expect(await flags(student.userId)).toEqual([questionIds[0]]);

    const again = await reply(await sync(student.userId, body));
    expect(again.text).toContain("0 applied, 1 already on the server");
    expect(again.results?.map((r) => r.status)).toEqual(["duplicate"]);
    expect(await stored(student.userId)).toBe(1);

    // The student's own device pushing the same change later meets the stored reply too.
    const own = (await (
      await student.app.request("/sync/push", {
        method: "POST",
        cookie: student.cookie,
        json: { protocol: 1, clientId: device.clientId, mutations: [flag] },
      })
    ).json()) as { results: { status: string }[] };
    expect(own.results.map((r) => r.status)).toEqual(["duplicate"]);
    expect(await stored(student.userId)).toBe(1);
  });

  it("follows /sync/push's rules: a refused change is counted and passed, a gap waits", async () => {
    const device = new FakeDevice(t, admin, student.userId);
    const refused = device.mutation("POST /api/question/flag", { question_id: 999_999_999, flagged: true });
    const fine = device.mutation("POST /api/question/flag", { question_id: questionIds[1], flagged: true });
    const done = await reply(await sync(student.userId, { clientId: device.clientId, mutations: [refused, fine] }));
    expect(done.text).toContain("2 changes");
    expect(done.text).toContain("1 applied, 0 already on the server, 1 refused");

    device.mutation("POST /api/question/flag", { question_id: questionIds[2], flagged: true }); // seq 3, never sent
    const later = device.mutation("POST /api/question/flag", { question_id: questionIds[3], flagged: true });
    const gap = await reply(await sync(student.userId, { clientId: device.clientId, mutations: [later] }));
    expect(gap.results?.map((r) => r.status)).toEqual(["out_of_order"]);
    expect(gap.text).toContain("waiting for change 3 of this device first");
    expect(await flags(student.userId)).not.toContain(questionIds[3]);
  });

  it("answers an online client (no body) with the user's sync state, and says when a full sync happens", async () => {
    const state = await reply(await sync(student.userId));
    expect(state.text).toMatch(
      new RegExp(
        `^${studentEmail}: the server knows \\d+ devices? of this account; the last change arrived 2026-11-21 09:00 UTC\\.$`,
      ),
    );
    const fresh = await FakeDevice.signInAsNewStudent(t);
    expect((await reply(await sync(fresh.userId))).text).toBe(
      `${await emailOf(fresh.userId)}: no device has sent the server changes of this account yet.`,
    );
    const full = await reply(await sync(fresh.userId, undefined, "?full=true"));
    expect(full.text).toContain(MAINTENANCE_USER_MESSAGES.fullNextSignIn);
  });

  it("confirms a delete only when every change of the device's profile reached the server", async () => {
    const device = new FakeDevice(t, admin, student.userId);
    const one = device.mutation("POST /api/question/flag", { question_id: questionIds[4], flagged: true });
    device.mutation("POST /api/question/flag", { question_id: questionIds[4], flagged: false }); // seq 2, unsent
    await sync(student.userId, { clientId: device.clientId, mutations: [one] });

    const early = await remove(student.userId, { clientId: device.clientId, lastSeq: 2 });
    expect(early.status).toBe(409);
    expect((await refusal(early)).message).toBe(
      `1 change of ${studentEmail} on this device has not reached the server: sync the profile, or export its pending changes, before deleting it.`,
    );
    const unknownDevice = await remove(student.userId, { clientId: randomUUID(), lastSeq: 3 });
    expect((await refusal(unknownDevice)).message).toMatch(/^3 changes of .* have not reached the server/);

    const ok = await remove(student.userId, { clientId: device.clientId, lastSeq: 1 });
    expect(ok.status).toBe(200);
    expect((await reply(ok)).text).toContain(MAINTENANCE_USER_MESSAGES.serverKeepsAccount);
    // Nothing of the account is deleted on the server.
    expect(await flags(student.userId)).toContain(questionIds[4]);
    expect(await stored(student.userId)).toBeGreaterThan(0);
    const noBody = await remove(student.userId);
    expect((await reply(noBody)).text).toBe(
      `Deleting ${studentEmail}'s profile removes only the device's copy. ${MAINTENANCE_USER_MESSAGES.serverKeepsAccount}`,
    );
  });

  it("refuses without a session (401) and students (403), and names a user that does not exist (404)", async () => {
    for (const path of ["sync", "delete"]) {
      const url = `/maintenance/user/${student.userId}/${path}`;
      expect((await t.request(url, { method: "POST" })).status).toBe(401);
      const asStudent = await t.request(url, { method: "POST", cookie: student.cookie });
      expect(asStudent.status).toBe(403);
      expect((await refusal(asStudent)).code).toBe("forbidden");
      const missing = await t.request(`/maintenance/user/${randomUUID()}/${path}`, { method: "POST", cookie: admin });
      expect(missing.status).toBe(404);
      expect((await refusal(missing)).message).toBe(MAINTENANCE_USER_MESSAGES.notFound);
    }
    expect(await stored(student.userId)).toBeGreaterThan(0);
  });

  it("answers every bad input with a 4xx and a clear message", async () => {
    const device = new FakeDevice(t, admin, student.userId);
    const other = await FakeDevice.signInAsNewStudent(t);
    const flag = { question_id: questionIds[0], flagged: true };
    const cases: [string, Response, number, RegExp][] = [
      ["a user id that is no uuid", await sync("12"), 400, /id must be a user's id/],
      ["full=yes", await sync(student.userId, undefined, "?full=yes"), 400, /full must be true or false/],
      [
        "malformed JSON",
        await t.request(`/maintenance/user/${student.userId}/sync`, {
          method: "POST",
          cookie: admin,
          headers: { "Content-Type": "application/json" },
          body: "{",
        }),
        400,
        /Malformed JSON/,
      ],
      [
        "mutations without clientId",
        await sync(student.userId, { mutations: [device.mutation("POST /api/question/flag", flag)] }),
        400,
        /clientId and mutations/,
      ],
      ["an empty batch", await sync(student.userId, { clientId: device.clientId, mutations: [] }), 400, /./],
      [
        "another student's changes",
        await sync(student.userId, {
          clientId: other.clientId,
          mutations: [other.mutation("POST /api/question/flag", flag)],
        }),
        400,
        /belong to another account/,
      ],
      ["lastSeq without clientId", await remove(student.userId, { lastSeq: 1 }), 400, /clientId and lastSeq/],
      [
        "a negative lastSeq",
        await remove(student.userId, { clientId: device.clientId, lastSeq: -1 }),
        400,
        /lastSeq must not be negative/,
      ],
    ];
    // A device id that already sent another student's changes is not taken for this one.
    await other.pushOk([other.mutation("POST /api/question/flag", flag)]);
    const taken = await sync(student.userId, {
      clientId: other.clientId,
      mutations: [{ ...device.mutation("POST /api/question/flag", flag), clientId: other.clientId }],
    });
    cases.push(["a device id of another account", taken, 409, /sent for another account/]);
    const answers = await Promise.all(
      cases.map(async ([label, res, , message]) => {
        const { message: text } = await refusal(res);
        return `${label}: ${res.status} ${message.test(text) ? "ok" : text}`;
      }),
    );
    expect(answers).toEqual(cases.map(([label, , status]) => `${label}: ${status} ok`));
  });
});
