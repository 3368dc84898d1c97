import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../test-support/harness.ts";
import { FakeDevice } from "../test-support/mutations.ts";

for (const dialect of DIALECTS) {
  describe(`sessions of requests arriving together [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t.close());

    it("are read in one query, and each request still gets its own student or its own refusal", async () => {
      const [a, b] = [await FakeDevice.signInAsNewStudent(t), await FakeDevice.signInAsNewStudent(t)];
      const reads = vi.spyOn(t.deps.db, "selectFrom");
      const cookies = [a.cookie, b.cookie, a.cookie, "pf_session=not-a-session", b.cookie];
      const replies = await Promise.all(cookies.map((cookie) => t.request("/api/auth/me", { cookie })));
      const sessionReads = reads.mock.calls.filter(([table]) => String(table).startsWith("sessions")).length;
      reads.mockRestore();
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 401, 200]);
      const ids = await Promise.all(
        replies.map(async (r) => (r.status === 200 ? ((await r.json()) as { user: { id: string } }).user.id : null)),
      );
      expect(ids).toEqual([a.userId, b.userId, a.userId, null, b.userId]);
      expect(sessionReads).toBe(1);
    });
  });
}
