import "fake-indexeddb/auto";
import type { UserSummary } from "@preflight/sync-protocol/schemas/auth";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTest, saveAnswer } from "../actions/test.ts";
import type { LocalScope } from "../outbox/action.ts";
import { drainUnlocked } from "../outbox/drain.ts";
import { FakePushServer } from "../outbox/fake-push-server.ts";
import { DeviceDb, deviceDb, getMeta, userDb } from "../store/db.ts";
import { multipleChoice, resetDatabases, STUDENT } from "../test-support.ts";
import {
  checkSession,
  currentSession,
  holdsRenewalPassword,
  OfflineSignInError,
  onServerSessionRenewed,
  signIn,
  signOut,
  WRONG_CREDENTIALS_MESSAGE,
} from "./session.ts";

/**
 * The server's sign-in calls as the device meets them: a password per account, one live
 * session (the cookie), and a network that can be cut (fetch throws, as a browser's does).
 */
class FakeAuthServer {
  passwords = new Map<string, string>([[STUDENT.email, "preflight"]]);
  signedIn: string | null = null;
  /** The browser holds the cookie of another account's session (left from before). */
  cookieOf: UserSummary | null = null;
  offline = false;
  /** Holds the next /me request until released (a reply still on the wire). */
  private heldMe: Promise<void> | null = null;
  readonly logins: string[] = [];

  holdNextMe(): () => void {
    let release = () => {};
    this.heldMe = new Promise((resolve) => {
      release = resolve;
    });
    return release;
  }
  readonly push = new FakePushServer();

  readonly fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    if (this.offline) throw new TypeError("Failed to fetch");
    const path = String(input);
    if (path === "/api/auth/me" && this.heldMe) {
      const held = this.heldMe;
      this.heldMe = null;
      await held;
    }
    if (path === "/api/auth/login") {
      const { email, password } = JSON.parse(String(init?.body)) as { email: string; password: string };
      this.logins.push(password);
      if (this.passwords.get(email.toLowerCase()) !== password)
        return Response.json(
          { error: { code: "invalid_credentials", message: WRONG_CREDENTIALS_MESSAGE } },
          { status: 401 },
        );
      this.signedIn = email.toLowerCase();
      this.cookieOf = null;
      return Response.json({ user: STUDENT });
    }
    if (path === "/api/auth/logout") {
      this.signedIn = null;
      return Response.json({ success: true });
    }
    if (!this.signedIn)
      return Response.json({ error: { code: "unauthenticated", message: "Please sign in" } }, { status: 401 });
    if (path === "/api/auth/me") return Response.json({ user: this.cookieOf ?? STUDENT });
    if (path === "/sync/push") return this.push.fetch(input, init);
    return Response.json({ error: { code: "not_found", message: path } }, { status: 404 });
  }) as typeof fetch;

  /** A reset made online elsewhere: a new password, and every session ended. */
  resetPassword(password: string): void {
    this.passwords.set(STUDENT.email, password);
    this.signedIn = null;
  }
}

let server: FakeAuthServer;

function drainDeps() {
  return { fetch: server.fetch, now: () => new Date(), random: () => 0.5 };
}

function scopeOf(user: UserSummary): LocalScope {
  let tick = Date.UTC(2026, 10, 21, 9);
  const now = () => {
    tick += 1000;
    return new Date(tick);
  };
  return { db: userDb(user.id), userId: user.id, now, onEnqueued: () => {} };
}

/** Signed in online once, then signed out: the device knows the student, the server has no session. */
async function usedBeforeThenSignedOut(): Promise<void> {
  await signIn(STUDENT.email, "preflight");
  await signOut();
}

beforeEach(async () => {
  server = new FakeAuthServer();
  vi.stubGlobal("fetch", server.fetch);
  await signOut(); // forgets any password a previous case left in memory
  await resetDatabases();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("offline sign-in on a device used before", () => {
  it("[ID11] an online sign-in leaves a verifier on the device, never the password", async () => {
    await signIn(STUDENT.email, "preflight");
    const account = await deviceDb().accounts.get(STUDENT.id);
    expect(account?.email).toBe(STUDENT.email);
    expect(account?.user).toEqual(STUDENT);
    expect(account?.verifier?.iterations).toBeGreaterThanOrEqual(310_000);
    expect(JSON.stringify(account)).not.toContain('preflight"');
    expect(JSON.stringify(await deviceDb().session.toArray())).not.toContain('"preflight"');
    expect(holdsRenewalPassword()).toBe(false);
  });

  it("[ID12] with the network gone the right password signs in, flagged offline, and is held for renewal", async () => {
    await usedBeforeThenSignedOut();
    server.offline = true;
    const session = await signIn("  Student@Preflight.test ", "preflight");
    expect(session.offline).toBe(true);
    expect(session.userId).toBe(STUDENT.id);
    expect(session.user).toEqual(STUDENT);
    expect(await currentSession()).toEqual(session);
    expect(holdsRenewalPassword()).toBe(true);
  });

  it("[ID12] a wrong password is refused offline with the server's own words, and starts no session", async () => {
    await usedBeforeThenSignedOut();
    server.offline = true;
    const refusal = await signIn(STUDENT.email, "not-it").catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(OfflineSignInError);
    expect((refusal as OfflineSignInError).reason).toBe("wrong_password");
    expect((refusal as Error).message).toBe("These credentials do not match our records.");
    expect(await currentSession()).toBeUndefined();
    expect(holdsRenewalPassword()).toBe(false);
  });

  it("[ID12] an e-mail never signed in on this device needs a connection", async () => {
    await usedBeforeThenSignedOut();
    server.offline = true;
    const refusal = await signIn("someone-else@preflight.test", "preflight").catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(OfflineSignInError);
    expect((refusal as OfflineSignInError).reason).toBe("needs_connection");
    expect((refusal as Error).message).toMatch(/first sign-in on this device needs a connection/);
    expect(await currentSession()).toBeUndefined();
  });

  it("[ID12] when the browser says it is offline the device answers without trying the network", async () => {
    await usedBeforeThenSignedOut();
    const calls = vi.fn(server.fetch);
    vi.stubGlobal("fetch", calls);
    vi.stubGlobal("navigator", { onLine: false });
    expect((await signIn(STUDENT.email, "preflight")).offline).toBe(true);
    expect(calls).not.toHaveBeenCalled();
  });

  it("[ID5][ID11] accounts from before the verifier are upgraded and need one online sign-in", async () => {
    const { Dexie } = await import("dexie");
    deviceDb().close();
    await Dexie.delete("preflight");
    const old = new Dexie("preflight");
    old.version(1).stores({ session: "key", accounts: "userId" });
    await old
      .table("accounts")
      .put({ userId: STUDENT.id, email: "Student@Preflight.TEST", lastSignedInAt: "2026-01-01" });
    old.close();

    await deviceDb().open();
    // Upgraded to the current schema (version 2 made e-mails findable; later versions add stores).
    expect(deviceDb().verno).toBe(new DeviceDb().verno);
    expect(await deviceDb().accounts.where("email").equals(STUDENT.email).count()).toBe(1);
    server.offline = true;
    await expect(signIn(STUDENT.email, "preflight")).rejects.toMatchObject({ reason: "needs_connection" });
    server.offline = false;
    await signIn(STUDENT.email, "preflight");
    await signOut();
    server.offline = true;
    expect((await signIn(STUDENT.email, "preflight")).offline).toBe(true);
  });

  it("[ID12] a server refusal online is never retried on the device", async () => {
    await usedBeforeThenSignedOut();
    const refusal = await signIn(STUDENT.email, "not-it").catch((err: unknown) => err);
    expect(refusal).not.toBeInstanceOf(OfflineSignInError);
    expect((refusal as Error).message).toBe(WRONG_CREDENTIALS_MESSAGE);
    expect(await currentSession()).toBeUndefined();
  });

  it("[ID11] a password reset online replaces the verifier at the next online sign-in", async () => {
    await usedBeforeThenSignedOut();
    const before = (await deviceDb().accounts.get(STUDENT.id))?.verifier;
    server.resetPassword("new-secret");
    // The new password online works on this device straight away.
    expect((await signIn(STUDENT.email, "new-secret")).offline).toBeUndefined();
    const after = (await deviceDb().accounts.get(STUDENT.id))?.verifier;
    expect(after?.salt).not.toBe(before?.salt);
    await signOut();

    server.offline = true;
    await expect(signIn(STUDENT.email, "preflight")).rejects.toThrow(WRONG_CREDENTIALS_MESSAGE);
    expect((await signIn(STUDENT.email, "new-secret")).offline).toBe(true);
  });
});

describe("opening the app when the browser says it is offline", () => {
  it("keeps the session on the device without asking the server (no request, nothing logged)", async () => {
    await signIn(STUDENT.email, "preflight");
    const calls = vi.fn(server.fetch);
    vi.stubGlobal("fetch", calls);
    vi.stubGlobal("navigator", { onLine: false });
    const warn = vi.spyOn(console, "warn");
    const error = vi.spyOn(console, "error");
    expect(await checkSession()).toMatchObject({ kind: "signed-in", online: false, session: { userId: STUDENT.id } });
    expect(calls).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    warn.mockRestore();
    error.mockRestore();
  });

  it("without a session on the device, is signed out, still without a request", async () => {
    const calls = vi.fn(server.fetch);
    vi.stubGlobal("fetch", calls);
    vi.stubGlobal("navigator", { onLine: false });
    expect(await checkSession()).toEqual({ kind: "signed-out", reason: "none" });
    expect(calls).not.toHaveBeenCalled();
  });

  it("online again, asks the server as before", async () => {
    await signIn(STUDENT.email, "preflight");
    const calls = vi.fn(server.fetch);
    vi.stubGlobal("fetch", calls);
    vi.stubGlobal("navigator", { onLine: true });
    expect(await checkSession()).toMatchObject({ kind: "signed-in", online: true });
    expect(calls).toHaveBeenCalled();
  });
});

describe("renewing the server session of an offline sign-in", () => {
  it("[ID13] while the network is gone the app open keeps the offline session", async () => {
    await usedBeforeThenSignedOut();
    server.offline = true;
    await signIn(STUDENT.email, "preflight");
    const check = await checkSession();
    expect(check).toMatchObject({ kind: "signed-in", online: false });
    expect((await currentSession())?.offline).toBe(true);
  });

  it("[ID13] on reconnect the 401 renews the session with the typed password, un-pauses and the answers replay once", async () => {
    await usedBeforeThenSignedOut();
    server.offline = true;
    await signIn(STUDENT.email, "preflight");
    const scope = scopeOf(STUDENT);
    await scope.db.questions.bulkPut([1, 2].map(multipleChoice));
    const test = await createTest(scope, {
      test_type: "practice",
      title: "P",
      count: 2,
      display_answers: "after_test",
      seed: 1,
    });
    await saveAnswer(scope, test.id, 1, [101]);
    expect(await scope.db.outbox.count()).toBe(2);

    // Back online: the drain meets the server without a session and pauses (DR3).
    server.offline = false;
    expect(await drainUnlocked(drainDeps(), { force: true })).toMatchObject({ kind: "paused" });
    expect(await getMeta(scope.db, "paused")).toBe("server said 401");

    const renewed = vi.fn();
    const stop = onServerSessionRenewed(renewed);
    const check = await checkSession();
    stop();
    expect(check).toMatchObject({ kind: "signed-in", online: true });
    expect(server.logins).toEqual(["preflight", "preflight"]);
    expect(renewed).toHaveBeenCalledOnce();
    const session = await currentSession();
    expect(session?.offline).toBeUndefined();
    expect(await getMeta(scope.db, "paused")).toBeUndefined();
    expect(holdsRenewalPassword()).toBe(false);

    await drainUnlocked(drainDeps(), { force: true });
    expect(await scope.db.outbox.count()).toBe(0);
    expect(server.push.applied.map((m) => m.call)).toEqual(["POST /test/generate/practice", "POST /test/current/save"]);
  });

  it("[ID13] triggers that ask together renew once", async () => {
    await usedBeforeThenSignedOut();
    server.offline = true;
    await signIn(STUDENT.email, "preflight");
    server.offline = false;
    const checks = await Promise.all([checkSession(), checkSession(), checkSession()]);
    expect(checks.every((c) => c.kind === "signed-in")).toBe(true);
    expect(server.logins).toEqual(["preflight", "preflight"]);
    expect((await currentSession())?.offline).toBeUndefined();
  });

  it("[ID13] a server session that outlived the sign-out confirms the offline sign-in without a login", async () => {
    await signIn(STUDENT.email, "preflight");
    server.offline = true;
    await signOut(); // offline: the server never heard, its session lives on
    await signIn(STUDENT.email, "preflight");
    server.offline = false;
    const renewed = vi.fn();
    const stop = onServerSessionRenewed(renewed);
    expect(await checkSession()).toMatchObject({ kind: "signed-in", online: true });
    stop();
    expect(server.logins).toEqual(["preflight"]);
    expect(renewed).toHaveBeenCalledOnce();
    expect((await currentSession())?.offline).toBeUndefined();
    expect(holdsRenewalPassword()).toBe(false);
  });

  it("[ID13] another account's leftover cookie is not taken over: the offline student's session is renewed", async () => {
    await usedBeforeThenSignedOut();
    server.offline = true;
    await signIn(STUDENT.email, "preflight");
    server.offline = false;
    server.signedIn = "other@preflight.test";
    server.cookieOf = { ...STUDENT, id: "user-2", email: "other@preflight.test" };
    expect(await checkSession()).toMatchObject({ kind: "signed-in", online: true, session: { userId: STUDENT.id } });
    expect(server.logins).toEqual(["preflight", "preflight"]);
    expect((await currentSession())?.userId).toBe(STUDENT.id);
  });

  it("[ID13] after a reload nothing is held: sign in again, the outbox waits and replays after it", async () => {
    await usedBeforeThenSignedOut();
    server.offline = true;
    await signIn(STUDENT.email, "preflight");
    const scope = scopeOf(STUDENT);
    await scope.db.questions.bulkPut([1, 2].map(multipleChoice));
    await createTest(scope, { test_type: "practice", title: "P", count: 2, display_answers: "after_test", seed: 1 });

    // A reload: a fresh page has the session on the device but no password in memory.
    vi.resetModules();
    const reloaded = await import("./session.ts");
    expect(reloaded.holdsRenewalPassword()).toBe(false);
    server.offline = false;
    expect(await reloaded.checkSession()).toEqual({ kind: "signed-out", reason: "offline" });
    expect(await reloaded.currentSession()).toBeUndefined();
    expect(server.logins).toEqual(["preflight"]);
    expect(await scope.db.outbox.count()).toBe(1);

    await reloaded.signIn(STUDENT.email, "preflight");
    await drainUnlocked(drainDeps(), { force: true });
    expect(await scope.db.outbox.count()).toBe(0);
    expect(server.push.applied).toHaveLength(1);
  });

  it("[ID13] after a reload, the page's checks asking together all say why the student signs in again", async () => {
    await usedBeforeThenSignedOut();
    server.offline = true;
    await signIn(STUDENT.email, "preflight");
    vi.resetModules();
    const reloaded = await import("./session.ts");
    server.offline = false;
    // The network returns: the shell's check and the offline sign-in's timer ask at once, and the
    // timer's reply is still on the wire when the shell's check has signed the device out.
    const release = server.holdNextMe();
    const late = reloaded.checkSession();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await reloaded.checkSession()).toEqual({ kind: "signed-out", reason: "offline" });
    release();
    expect(await late).toEqual({ kind: "signed-out", reason: "offline" });
    expect(await reloaded.currentSession()).toBeUndefined();
  });

  it("[ID13] a password changed online since: sign in with the new one; nothing waiting is lost", async () => {
    await usedBeforeThenSignedOut();
    server.resetPassword("new-secret");
    server.offline = true;
    await signIn(STUDENT.email, "preflight"); // the device still knows the old password
    const scope = scopeOf(STUDENT);
    await scope.db.questions.bulkPut([1, 2].map(multipleChoice));
    await createTest(scope, { test_type: "practice", title: "P", count: 2, display_answers: "after_test", seed: 1 });

    server.offline = false;
    expect(await checkSession()).toEqual({ kind: "signed-out", reason: "password-changed" });
    expect(await currentSession()).toBeUndefined();
    expect(holdsRenewalPassword()).toBe(false);
    expect(await scope.db.outbox.count()).toBe(1);

    await signIn(STUDENT.email, "new-secret");
    await drainUnlocked(drainDeps(), { force: true });
    expect(server.push.applied).toHaveLength(1);
  });

  it("[ID9] signing out forgets the held password", async () => {
    await usedBeforeThenSignedOut();
    server.offline = true;
    await signIn(STUDENT.email, "preflight");
    expect(holdsRenewalPassword()).toBe(true);
    await signOut();
    expect(holdsRenewalPassword()).toBe(false);
  });
});
