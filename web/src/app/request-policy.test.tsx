// @vitest-environment jsdom
/**
 * The spec's global request policy (§8 "Global" of each document): the table (each answer → what
 * happens), and the policy as the app shell installs it: a 401 from any page's call lands on
 * /login, a 500 shows the notice once, and the caller still gets its error.
 */
import "fake-indexeddb/auto";
import { routes } from "@preflight/sync-protocol/routes/index";
import { REQUEST_TIMEOUT_MS } from "@preflight/sync-protocol/rules/constants";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiCallError, type CallFailure, call, NetworkError, onCallFailure } from "../local/api.ts";
import { resetDatabases, STUDENT, signedInScope } from "../local/test-support.ts";
import { SnackbarProvider } from "../ui/snackbar/SnackbarProvider.tsx";
import {
  APPLICATION_ERROR,
  GlobalRequestPolicy,
  isTestPage,
  type PolicyAction,
  policyAction,
} from "./request-policy.ts";
import { noticeOf } from "./server-error.ts";

const refused = (status: number, code: ConstructorParameters<typeof ApiCallError>[1]) =>
  new ApiCallError(status, code, "refused");

describe("the policy table", () => {
  const table: [string, unknown, PolicyAction][] = [
    ["401, session ended (unauthenticated)", refused(401, "unauthenticated"), "check-session"],
    ["401, signed in on another device", refused(401, "session_replaced"), "check-session"],
    ["401 without a contract body", refused(401, "http_error"), "check-session"],
    ["403 without a contract body", refused(403, "http_error"), "check-session"],
    ["401, a wrong password (stays with the form)", refused(401, "invalid_credentials"), "caller"],
    ["403, a role or feature refusal", refused(403, "forbidden"), "caller"],
    ["403, a subscription needed", refused(403, "subscription_required"), "caller"],
    ["403, a form from elsewhere", refused(403, "cross_origin"), "caller"],
    ["403, an account not activated", refused(403, "inactive_account"), "caller"],
    ["503", refused(503, "http_error"), "home"],
    ["408", refused(408, "http_error"), "log"],
    ["a timeout", new NetworkError("timeout"), "log"],
    ["no answer at all (departure: the device's data)", new NetworkError("offline"), "caller"],
    ["a cancelled call", new NetworkError("aborted"), "caller"],
    ["500", refused(500, "internal"), "notice"],
    ["502 without a body", refused(502, "http_error"), "notice"],
    ["404", refused(404, "not_found"), "caller"],
    ["409", refused(409, "conflict"), "caller"],
    ["a validation error (400)", refused(400, "bad_request"), "caller"],
    ["not a call's failure", new Error("bug"), "caller"],
  ];
  it.each(table)("%s → %s", (_, error, action) => {
    expect(policyAction(error, "/dashboard")).toBe(action);
  });

  it("a 500 on a test page shows no notice (test-taking §8); the other answers are the same there", () => {
    expect(policyAction(refused(500, "internal"), "/test/0192aa")).toBe("caller");
    expect(policyAction(refused(500, "internal"), "/test/results/0192aa")).toBe("caller");
    expect(policyAction(refused(503, "http_error"), "/test/0192aa")).toBe("home");
    expect(policyAction(refused(401, "unauthenticated"), "/test/0192aa")).toBe("check-session");
  });

  it("test pages are the running test, its results and a retake; not the builders, previous tests or flagged", () => {
    expect(["/test/abc", "/test/results/abc", "/test/retake/abc"].map(isTestPage)).toEqual([true, true, true]);
    expect(
      ["/test/select/practice", "/test/select/exam", "/test/previous", "/test/flagged", "/dashboard", "/syllabus"].map(
        isTestPage,
      ),
    ).toEqual([false, false, false, false, false, false]);
  });
});

describe("call(): every failure is told to the one listener", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("tells the listener, then the caller still gets the same error", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ error: { code: "internal", message: "x" } }, { status: 500 }));
    const heard: CallFailure[] = [];
    const remove = onCallFailure((failure) => heard.push(failure));
    const error = await call(routes.syllabi).catch((err: unknown) => err);
    remove();
    expect(error).toBeInstanceOf(ApiCallError);
    expect(heard).toEqual([{ route: "GET /api/syllabi", error }]);
  });

  it("a call that says globalPolicy: false handles its failures alone", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    const heard: CallFailure[] = [];
    const remove = onCallFailure((failure) => heard.push(failure));
    await expect(call(routes.syllabi, { globalPolicy: false })).rejects.toBeInstanceOf(NetworkError);
    remove();
    expect(heard).toEqual([]);
  });

  it("a listener that throws does not change what the caller gets", async () => {
    vi.stubGlobal("fetch", async () => new Response("", { status: 503 }));
    const remove = onCallFailure(() => {
      throw new Error("listener bug");
    });
    const errorLog = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(call(routes.syllabi)).rejects.toMatchObject({ status: 503 });
    remove();
    expect(errorLog).toHaveBeenCalledOnce();
    errorLog.mockRestore();
  });
});

/** A signed-in frame as the app shell has it: the snackbar, the policy, a page and /login and /. */
function signedInApp(path: string, url = path) {
  const root = createRootRoute({
    component: () => (
      <SnackbarProvider>
        <GlobalRequestPolicy />
        <Outlet />
      </SnackbarProvider>
    ),
  });
  const page = createRoute({
    getParentRoute: () => root,
    path,
    component: () => <p data-testid="page">a page</p>,
  });
  const login = createRoute({ getParentRoute: () => root, path: "/login", component: () => <p>sign in</p> });
  const home = createRoute({ getParentRoute: () => root, path: "/", component: () => <p>home</p> });
  const router = createRouter({
    routeTree: root.addChildren([page, login, home]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

/** The server: `answer` for the page's calls; /me answers `me` (the session check). */
function server(answer: () => Response, me: () => Response) {
  const asked: string[] = [];
  vi.stubGlobal("fetch", async (url: string) => {
    asked.push(url);
    return url === routes.me.path ? me() : answer();
  });
  return asked;
}

const failures = (n: number, route = routes.syllabi) =>
  Promise.all(Array.from({ length: n }, () => call(route).catch((err: unknown) => err)));

describe("the policy installed in the signed-in frame", () => {
  beforeEach(resetDatabases);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("a 401 from a page's call: the server confirms the session is gone, and the page becomes /login", async () => {
    await signedInScope();
    const unauthenticated = () =>
      Response.json({ error: { code: "unauthenticated", message: "Session expired" } }, { status: 401 });
    const asked = server(unauthenticated, unauthenticated);
    const router = signedInApp("/syllabus");
    await screen.findByTestId("page");
    const [error, second] = await act(() => failures(2));
    expect(error).toMatchObject({ status: 401, message: "Session expired" });
    expect(second).toMatchObject({ status: 401 });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toEqual({ reason: "expired" });
    // One session check for the two failures.
    expect(asked.filter((url) => url === routes.me.path)).toHaveLength(1);
  });

  it("a 401 the session check does not confirm (the session is still good) leaves the page alone", async () => {
    await signedInScope();
    server(
      () => Response.json({ error: { code: "unauthenticated", message: "no" } }, { status: 401 }),
      () => Response.json({ user: STUDENT }),
    );
    const router = signedInApp("/syllabus");
    await screen.findByTestId("page");
    await act(() => failures(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(router.state.location.pathname).toBe("/syllabus");
  });

  it("a business refusal (403 subscription_required) stays with the caller: no session check, no move", async () => {
    await signedInScope();
    const asked = server(
      () => Response.json({ error: { code: "subscription_required", message: "Subscribe" } }, { status: 403 }),
      () => new Response("", { status: 500 }),
    );
    const router = signedInApp("/syllabus");
    await screen.findByTestId("page");
    await act(() => failures(1));
    expect(asked).not.toContain(routes.me.path);
    expect(router.state.location.pathname).toBe("/syllabus");
  });

  it("a 503 goes to /", async () => {
    server(
      () => new Response("", { status: 503 }),
      () => new Response("", { status: 500 }),
    );
    const router = signedInApp("/syllabus");
    await screen.findByTestId("page");
    await act(() => failures(1));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("a 500 shows 'The application encountered an error' once, however many calls failed together", async () => {
    server(
      () =>
        Response.json(
          { error: { code: "internal", message: "The application encountered an error" } },
          { status: 500 },
        ),
      () => new Response("", { status: 500 }),
    );
    signedInApp("/syllabus");
    await screen.findByTestId("page");
    const errors = await act(() => failures(3));
    expect(errors.every((err) => err instanceof ApiCallError && err.status === 500)).toBe(true);
    const notice = await screen.findByTestId("snackbar");
    expect(notice.dataset.type).toBe("info");
    expect(notice.textContent).toContain(APPLICATION_ERROR.title);
    expect(notice.textContent).toContain(APPLICATION_ERROR.text);
    await act(() => new Promise((resolve) => setTimeout(resolve, 2100)));
    expect(screen.getAllByTestId("snackbar")).toHaveLength(1);
  });

  it("a 500 on a test page shows no notice; a timeout is only logged", async () => {
    server(
      () => new Response("", { status: 500 }),
      () => new Response("", { status: 500 }),
    );
    signedInApp("/test/$testId", "/test/0192aa");
    await screen.findByTestId("page");
    await act(() => failures(1));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.stubGlobal("fetch", async () => {
      throw new DOMException(`no answer in ${REQUEST_TIMEOUT_MS} ms`, "TimeoutError");
    });
    await act(() => failures(1));
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
    expect(screen.queryByTestId("snackbar")).toBeNull();
  });
});

describe("a page's own error notice leaves the lost session to the policy (server-error.ts)", () => {
  it("a 401 session ended: nothing shown by the page, the policy signs in again", () => {
    expect(noticeOf(refused(401, "unauthenticated"))).toEqual({ kind: "policy" });
  });

  it("'Session expired' in another refusal still goes to sign in (study §8)", () => {
    expect(noticeOf(new ApiCallError(400, "bad_request", "Session expired"))).toEqual({ kind: "sign-in" });
  });

  it("a business refusal shows the server's message as 'Error'", () => {
    expect(noticeOf(new ApiCallError(403, "forbidden", "Syllabus 9 is not one of your syllabi"))).toEqual({
      kind: "notify",
      type: "danger",
      title: "Error",
      text: "Syllabus 9 is not one of your syllabi",
    });
  });
});
