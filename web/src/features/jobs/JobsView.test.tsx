// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OutboxEntry } from "../../local/store/db.ts";
import { JobsView, type JobsViewProps } from "./JobsView.tsx";
import { JOB_MESSAGES, jobPanels, type QueueState, runReply } from "./jobs-model.ts";
import type { JobsState } from "./queries.ts";

const NOW = new Date("2026-11-21T10:00:00.000Z");
const IDLE: QueueState = { nextAttemptAt: null, paused: null, running: false };

function entry(seq: number, call: string, extra: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    seq,
    id: `0193aaaa-bbbb-7ccc-8ddd-00000000000${seq}`,
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

const OUTBOX: OutboxEntry[] = [
  entry(1, "POST /test/generate/practice"),
  entry(2, "POST /api/lesson/progress", { body: { lesson_id: 3, page: 2 } }),
  entry(3, "POST /api/question/flag", {
    status: "failed",
    attempts: 2,
    lastError: "not_found: No such question",
  }),
];

function state(entries: OutboxEntry[], queue: QueueState = IDLE): JobsState {
  const failedAt = new Map([["0193aaaa-bbbb-7ccc-8ddd-000000000003", NOW.toISOString()]]);
  return {
    panels: jobPanels(entries, failedAt, queue, NOW),
    paused: queue.paused,
    nextAttemptAt: queue.nextAttemptAt,
    offline: queue.offline ?? false,
    now: NOW,
  };
}

function renderView(change: Partial<JobsViewProps> = {}) {
  const props: JobsViewProps = {
    view: state(OUTBOX),
    serviceWorker: true,
    working: false,
    lastRun: null,
    onRun: vi.fn(),
    onRestart: vi.fn(),
    onRetry: vi.fn(),
    ...change,
  };
  render(<JobsView {...props} />);
  return { ...props, user: userEvent.setup({ delay: null }) };
}

const pending = () => within(screen.getByTestId("jobs-pending"));
const failed = () => within(screen.getByTestId("jobs-failed"));

describe("the jobs panels", () => {
  afterEach(cleanup);

  it("list the pending jobs in order, next try now, and the idle queue", () => {
    renderView();
    expect(pending().getByTestId("count").textContent).toBe("2");
    expect(
      pending()
        .getAllByTestId("job-queue")
        .map((j) => j.textContent),
    ).toEqual(["Create test", "Lesson progress"]);
    expect(
      pending()
        .getAllByTestId("job-available")
        .map((j) => j.textContent),
    ).toEqual(["now", "now"]);
    expect(screen.getByTestId("jobs-queue-state").textContent).toBe("The queue is idle.");
    expect(screen.queryByTestId("jobs-service-not-running")).toBeNull();
  });

  it("show a failed job with its reason, its code and how often it was tried", () => {
    renderView();
    expect(failed().getByTestId("count").textContent).toBe("1");
    expect(failed().getByTestId("job-queue").textContent).toBe("Flag question");
    expect(failed().getByTestId("job-reason").textContent).toBe("No such questionnot_found");
    expect(failed().getByTestId("jobs-retry").textContent).toBe("Retry failed");
    expect(screen.getByTestId("jobs-failed").textContent).toContain("tried 2 times");
  });

  it("name each change in words, never its call", () => {
    renderView();
    expect(
      pending()
        .getAllByTestId("job-label")
        .map((j) => j.textContent),
    ).toEqual(["A change made on this device", "Lesson progress"]);
    expect(screen.getByTestId("jobs-page").textContent).not.toMatch(/POST |\/test\//);
  });

  it("offline, say the changes wait for the network: no failure, no 'now'", () => {
    renderView({ view: state(OUTBOX, { ...IDLE, offline: true, nextAttemptAt: "2026-11-21T10:05:00.000Z" }) });
    expect(screen.getByTestId("jobs-queue-state").textContent).toBe(JOB_MESSAGES.offline);
    expect(screen.getByTestId("jobs-queue-state").textContent).toContain("This device is offline");
    expect(
      pending()
        .getAllByTestId("job-available")
        .map((j) => j.textContent),
    ).toEqual(["when this device is online", "when this device is online"]);
    expect(pending().queryByText(/fail/i)).toBeNull();
    expect(screen.getByTestId("jobs-queue-state").textContent).not.toMatch(/fail/i);
  });

  it("say when nothing waits or failed", () => {
    renderView({ view: state([]) });
    expect(pending().getByText("Nothing is waiting to be sent.")).toBeTruthy();
    expect(failed().getByText("No change has been refused.")).toBeTruthy();
  });

  it("say why sending is paused, and that the background service is not running", () => {
    renderView({ view: state(OUTBOX, { ...IDLE, paused: "server said 401" }), serviceWorker: false });
    expect(screen.getByTestId("jobs-queue-state").textContent).toBe(
      "Paused: server said 401. Sign in again or restart the queue.",
    );
    expect(pending().getAllByTestId("job-available")[0]?.textContent).toBe("paused until you sign in again");
    expect(screen.getByTestId("jobs-service-not-running").textContent).toBe(JOB_MESSAGES.serviceNotRunning);
  });

  it("hand each button's job to the page: run all, restart, run one job, retry the failed", async () => {
    const { onRun, onRestart, onRetry, user } = renderView();
    await user.click(screen.getByRole("button", { name: "Run all" }));
    expect(onRun).toHaveBeenCalledWith();
    await user.click(screen.getByRole("button", { name: "Restart queue" }));
    expect(onRestart).toHaveBeenCalledOnce();
    await user.click(pending().getAllByRole("button", { name: "Run now" })[1] as HTMLElement);
    expect(onRun).toHaveBeenLastCalledWith(2);
    await user.click(screen.getByRole("button", { name: "Retry failed" }));
    expect(onRetry).toHaveBeenCalledWith();
  });

  it("hold the buttons while an action works, and show the last run with a retry per failed queue", async () => {
    const lastRun = runReply({
      outcome: { kind: "drained", sent: 1, failed: 1 },
      pending: 1,
      failedCalls: ["POST /api/question/flag"],
    });
    const { onRetry, user } = renderView({ lastRun });
    const result = within(screen.getByTestId("jobs-run-result"));
    expect(screen.getByTestId("jobs-run-result").textContent).toContain(
      "1 change sent. 1 change refused. 1 still waiting.",
    );
    expect(screen.getByTestId("jobs-run-result").textContent).toContain("(1 pending)");
    await user.click(result.getByRole("button", { name: "Retry Flag question" }));
    expect(onRetry).toHaveBeenCalledWith("Flag question");
    cleanup();
    renderView({ working: true });
    expect(screen.getByTestId("jobs-queue-state").textContent).toBe("The queue is running.");
    expect(screen.getByRole("button", { name: "Run all" }).hasAttribute("disabled")).toBe(true);
  });
});
