/**
 * The maintenance jobs page: the panels (JobsView) from the device's outbox (queries.ts), and
 * what their buttons do: run the queue, restart it, retry the failed jobs, each told in a
 * notification; an action that throws is a 'Jobs' error notice with the spec's words.
 */
import { useState } from "react";
import { useErrorNotice } from "../../app/error-notice.ts";
import { useSignedIn } from "../../app/session-context.tsx";
import { platformDrainDeps } from "../../local/outbox/drain-deps.ts";
import { wakeDrain } from "../../local/outbox/drain-scheduler.ts";
import { restartQueue, retryFailed, runJobs } from "../../local/outbox/jobs.ts";
import { useSnackbar } from "../../ui/snackbar/context.ts";
import { JobsView } from "./JobsView.tsx";
import { JOB_MESSAGES, queueName, type RunReply, restartReply, runReply } from "./jobs-model.ts";
import { useJobs, useServiceWorkerActive } from "./queries.ts";

export function JobsPage() {
  const { scope } = useSignedIn();
  const { notify } = useSnackbar();
  const showError = useErrorNotice();
  const { view, refresh } = useJobs(scope.db, scope.userId);
  const worker = useServiceWorkerActive();
  const [working, setWorking] = useState(false);
  const [lastRun, setLastRun] = useState<RunReply | null>(null);

  const act = async (work: () => Promise<void>, errorText: string) => {
    setWorking(true);
    try {
      await work();
    } catch (err) {
      console.warn("jobs action failed", err);
      showError(err, { title: "Jobs", text: errorText });
    } finally {
      setWorking(false);
      refresh();
    }
  };

  const run = (throughSeq?: number) =>
    act(async () => {
      const report = await runJobs(scope.db, scope.userId, platformDrainDeps(), { throughSeq });
      // Offline, the changes wait on the device: said so, never as an error of the queue.
      const reply = runReply(report, !navigator.onLine);
      setLastRun(reply);
      notify({ type: reply.type, title: reply.title, text: reply.msg });
    }, JOB_MESSAGES.runError);

  const retry = (queue?: string) =>
    act(async () => {
      const count = await retryFailed(scope.db, scope.userId, (e) => !queue || queueName(e.call) === queue);
      setLastRun(null);
      notify({
        type: "info",
        title: "Retry failed",
        text: count === 1 ? "1 change is queued to be sent again." : `${count} changes are queued to be sent again.`,
      });
      await wakeDrain({ force: true });
    }, JOB_MESSAGES.retryError);

  const restart = () =>
    act(async () => {
      const reply = restartReply(await restartQueue(scope.db));
      notify({ type: reply.type, title: reply.title, text: reply.msg });
    }, JOB_MESSAGES.runError);

  return (
    <JobsView
      view={view}
      serviceWorker={worker}
      working={working}
      lastRun={lastRun}
      onRun={(throughSeq) => void run(throughSeq)}
      onRestart={() => void restart()}
      onRetry={(queue) => void retry(queue)}
    />
  );
}
