/**
 * A navigation to /dashboard is answered with the saved dashboard of the student signed in on
 * the device now, with the app shell's security headers; anything else gets the plain shell.
 */
import type { DashboardSnapshot } from "@preflight/web/local/snapshot/dashboard-snapshot";
import { describe, expect, it } from "vitest";
import { dashboardFromSnapshot, type SnapshotSources } from "./dashboard-snapshot.ts";

const SHELL =
  '<!doctype html><html lang="en"><body><div id="root"><!--app-shell--><span>Preflight</span><!--/app-shell--></div></body></html>';
const CSP = "default-src 'self'; script-src 'self'";

function sources(options: { userId?: string | null; saved?: Record<string, DashboardSnapshot> } = {}): SnapshotSources {
  const saved = options.saved ?? { sam: { markup: "<h1>Welcome back, Sam</h1>", dark: false } };
  return {
    currentUserId: async () => (options.userId === undefined ? "sam" : options.userId),
    snapshot: async (userId) => saved[userId] ?? null,
    shell: async () =>
      new Response(SHELL, {
        headers: {
          "content-type": "text/html",
          "content-security-policy": CSP,
          "content-length": String(SHELL.length),
        },
      }),
  };
}

const at = (path: string) => new URL(`http://localhost${path}`);

describe("dashboardFromSnapshot", () => {
  it("answers /dashboard with the shell holding the student's saved dashboard, under the shell's policy", async () => {
    const response = await dashboardFromSnapshot(at("/dashboard"), sources());
    expect(response?.status).toBe(200);
    expect(response?.headers.get("content-security-policy")).toBe(CSP);
    expect(response?.headers.get("content-length")).toBeNull();
    expect(await response?.text()).toContain(
      '<div id="root"><div inert data-snapshot="dashboard"><h1>Welcome back, Sam</h1></div></div>',
    );
  });

  it("leaves other pages to the plain shell", async () => {
    expect(await dashboardFromSnapshot(at("/syllabus"), sources())).toBeNull();
    expect(await dashboardFromSnapshot(at("/login"), sources())).toBeNull();
  });

  it("shows nobody's dashboard on a signed-out device", async () => {
    expect(await dashboardFromSnapshot(at("/dashboard"), sources({ userId: null }))).toBeNull();
  });

  it("never shows one student's dashboard to another signed in on the same device", async () => {
    expect(await dashboardFromSnapshot(at("/dashboard"), sources({ userId: "alex" }))).toBeNull();
  });
});
