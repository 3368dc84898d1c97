import { describe, expect, it } from "vitest";
import { UNKNOWN_CHANGE_LABEL } from "../../local/outbox/call-labels.ts";
import type { OutboxEntry } from "../../local/store/db.ts";
import {
  describeAvailable,
  JOB_MESSAGES,
  jobPanels,
  nextAttemptAt,
  queueName,
  restartReply,
  runReply,
  splitReason,
} from "./jobs-model.ts";

const NOW = new Date("2026-11-21T10:00:00.000Z");
const idle = { nextAttemptAt: null, paused: null, running: false };

function entry(seq: number, call: string, extra: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    seq,
    id: `id-${seq}`,
    clientId: "c",
    userId: "u",
    createdAt: NOW.toISOString(),
    call,
    body: {},
    status: "pending",
    attempts: 0,
    lastError: null,
    ...extra,
  };
}

describe("jobs model", () => {
  it("names each queue by the kind of change", () => {
    expect(queueName("POST /test/current/save")).toBe("Save answer");
    expect(queueName("POST /test/generate/practice")).toBe("Create test");
    expect(queueName("POST /test/current/finish/0193abc")).toBe("Finish test");
    expect(queueName("POST /questions/10007/seen-in-exam")).toBe("Seen in exam report");
    expect(queueName("POST /api/question/flag")).toBe("Flag question");
    expect(queueName("POST /api/lesson/progress")).toBe("Lesson progress");
    expect(queueName("POST /profile/course-dates")).toBe("Course dates");
    // Never the call itself (issue 17: no raw call names on screen).
    expect(queueName("GET /nowhere")).toBe(UNKNOWN_CHANGE_LABEL);
  });

  it("offline, a pending job waits for the network (no next try), and a run offline is no error", () => {
    expect(nextAttemptAt({ ...idle, offline: true }, NOW)).toBeNull();
    const reply = runReply(
      { outcome: { kind: "retry-later", sent: 0, failed: 0, reason: "network" }, pending: 2, failedCalls: [] },
      true,
    );
    expect(reply).toMatchObject({ type: "info", title: "This device is offline", pending_jobs: 2 });
    expect(reply.msg).toBe("2 waiting. Saved on this device; it will reach the server when you are online.");
    expect(`${reply.title} ${reply.msg}`).not.toMatch(/fail|error/i);
  });

  it("a pending job is available now, after the back-off, or never while paused", () => {
    expect(nextAttemptAt(idle, NOW)).toBe(NOW.toISOString());
    expect(nextAttemptAt({ ...idle, nextAttemptAt: "2026-11-21T10:00:30.000Z" }, NOW)).toBe("2026-11-21T10:00:30.000Z");
    expect(nextAttemptAt({ ...idle, nextAttemptAt: "2026-11-21T09:59:00.000Z" }, NOW)).toBe(NOW.toISOString());
    expect(
      nextAttemptAt({ ...idle, paused: "server said 401", nextAttemptAt: "2026-11-21T10:00:30.000Z" }, NOW),
    ).toBeNull();
  });

  it("splits the outbox into the pending and failed panels, in seq order, with counts and buttons", () => {
    const panels = jobPanels(
      [
        entry(3, "POST /api/question/flag", { status: "failed", lastError: "not_found: gone", attempts: 2 }),
        entry(2, "POST /test/current/save"),
        entry(1, "POST /test/generate/practice"),
        entry(4, "POST /test/current/save", { status: "failed", lastError: "test_finished: finished" }),
      ],
      new Map([["id-3", "2026-11-21T09:58:00.000Z"]]),
      { nextAttemptAt: "2026-11-21T10:00:05.000Z", paused: null, running: true },
      NOW,
    );
    expect(panels.pending).toMatchObject({ count: 2, queue_running: true });
    expect(panels.pending.jobs.map((j) => [j.seq, j.queue, j.available_at])).toEqual([
      [1, "Create test", "2026-11-21T10:00:05.000Z"],
      [2, "Save answer", "2026-11-21T10:00:05.000Z"],
    ]);
    expect(panels.pending.template_buttons.map((b) => b.label)).toEqual(["Run all", "Restart queue"]);
    expect(panels.failed.count).toBe(2);
    expect(panels.failed.jobs[0]).toEqual({
      id: "id-3",
      seq: 3,
      queue: "Flag question",
      label: "A change made on this device",
      call: "POST /api/question/flag",
      available_at: null,
      failed_at: "2026-11-21T09:58:00.000Z",
      reason: "not_found: gone",
      attempts: 2,
    });
    expect(panels.failed.jobs[1]?.failed_at).toBeNull();
    expect(panels.failed.template_buttons.map((b) => [b.label, b.link])).toEqual([
      ["Retry failed", "retry"],
      ["Retry Flag question", "retry:Flag question"],
      ["Retry Save answer", "retry:Save answer"],
    ]);
  });

  it("offers no retry when nothing failed, and one retry button when one kind failed", () => {
    expect(jobPanels([], new Map(), idle, NOW).failed.template_buttons).toEqual([]);
    const one = jobPanels([entry(1, "POST /zoom", { status: "failed" })], new Map(), idle, NOW);
    expect(one.failed.template_buttons.map((b) => b.label)).toEqual(["Retry failed"]);
  });

  it("reads a stored reason and tells when a job runs next", () => {
    expect(splitReason("test_finished: This test has already been finished.")).toEqual({
      code: "test_finished",
      message: "This test has already been finished.",
    });
    expect(splitReason("plain")).toEqual({ code: "", message: "plain" });
    expect(splitReason(null)).toBeNull();
    expect(describeAvailable(NOW.toISOString(), NOW)).toBe("now");
    // Shown in local time, as the student reads the clock.
    const later = new Date(NOW.getTime() + 150_300);
    const clock = [later.getHours(), later.getMinutes(), later.getSeconds()].map((n) => String(n).padStart(2, "0"));
    expect(describeAvailable(later.toISOString(), NOW)).toBe(`at ${clock.join(":")}`);
    expect(describeAvailable("2026-11-21T09:59:59.000Z", NOW)).toBe("now");
    expect(describeAvailable(null, NOW)).toBe("paused");
  });

  it("answers a run with pending_jobs, a message and a retry link per failed queue", () => {
    expect(
      runReply({
        outcome: { kind: "drained", sent: 3, failed: 2 },
        pending: 0,
        failedCalls: ["POST /test/current/save", "POST /api/question/flag", "POST /test/current/save"],
      }),
    ).toEqual({
      type: "warning",
      title: "Jobs run",
      pending_jobs: 0,
      msg: "3 changes sent. 2 changes refused.",
      retry: [
        { label: "Retry Save answer", link: "retry:Save answer", class: "danger" },
        { label: "Retry Flag question", link: "retry:Flag question", class: "danger" },
      ],
    });
    expect(runReply({ outcome: { kind: "drained", sent: 1, failed: 0 }, pending: 2, failedCalls: [] })).toMatchObject({
      type: "success",
      msg: "1 change sent. 2 still waiting.",
    });
    expect(runReply({ outcome: { kind: "idle" }, pending: 0, failedCalls: [] }).msg).toBe("Nothing was waiting.");
  });

  it("a run that could not reach the server is the spec's error", () => {
    const reply = runReply({
      outcome: { kind: "retry-later", sent: 0, failed: 0, reason: "network: offline" },
      pending: 4,
      failedCalls: [],
    });
    expect(reply).toMatchObject({ type: "danger", pending_jobs: 4, msg: "There was an error running the jobs queue." });
    expect(runReply({ outcome: { kind: "no-session" }, pending: 0, failedCalls: [] }).msg).toBe(JOB_MESSAGES.runError);
    expect(
      runReply({ outcome: { kind: "paused", reason: "server said 401" }, pending: 1, failedCalls: [] }),
    ).toMatchObject({ type: "warning", msg: "Sign in again to send your changes." });
  });

  it("answers a restart with type, title and msg", () => {
    expect(
      restartReply({
        clearedBackoff: true,
        clearedPause: "server said 401",
        triggersRestarted: true,
        serviceWorker: true,
      }),
    ).toEqual({
      type: "success",
      title: "Queue restarted",
      msg: "The background service is sending changes now. Cleared the wait after failures and the pause.",
    });
    expect(
      restartReply({ clearedBackoff: false, clearedPause: null, triggersRestarted: true, serviceWorker: false }),
    ).toEqual({ type: "warning", title: "Queue restarted", msg: "Changes are sent from this page while it is open." });
  });

  it("says the spec's words", () => {
    expect(JOB_MESSAGES).toMatchObject({
      serviceNotRunning: "Background update service not running, you may need to restart your computer.",
      retryError: "There was an error retrying the failed queue.",
      runError: "There was an error running the jobs queue.",
    });
    expect(JOB_MESSAGES.offline).toBe(
      "This device is offline: these changes wait here and are sent when you are online.",
    );
  });
});
