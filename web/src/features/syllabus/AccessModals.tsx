/** The syllabus page's modals: a refusal (with its lessons or its wait), the progress test's summary, and the update. */

import type { PartView } from "@preflight/sync-protocol/rules/access";
import { PASS_PERCENTAGE_DEFAULT } from "@preflight/sync-protocol/rules/constants";
import { formatDate, formatHms } from "@preflight/sync-protocol/rules/format";
import { ACCESS_MESSAGES, ACCESS_TITLES, type AccessDecision } from "@preflight/sync-protocol/rules/part-access";
import type { LocalProgressTest } from "../../local/store/db.ts";
import { Button } from "../../ui/Button.tsx";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { useProgressTestStart } from "./useProgressTestStart.ts";

type Refusal = Exclude<AccessDecision, { kind: "open_lesson" } | { kind: "summary" }>;

export function RefusalModal({ decision, onClose }: { decision: Refusal; onClose: () => void }) {
  return (
    <Modal
      title={decision.title}
      isOpen
      onClose={onClose}
      actions={
        <Button onPress={onClose} testId="refusal-ok">
          OK
        </Button>
      }
    >
      <div data-testid="access-refusal" data-kind={decision.kind} className="space-y-3">
        <p>{decision.message}</p>
        {decision.kind === "lessons_required" ? (
          <ul className="list-disc space-y-1 pl-5" data-testid="required-lessons">
            {decision.lessons.map((title) => (
              <li key={title}>{title}</li>
            ))}
          </ul>
        ) : null}
        {decision.kind === "target_date" ? (
          <p className="text-slate-500">Target date: {formatDate(new Date(`${decision.target}T00:00:00`))}</p>
        ) : null}
        {decision.kind === "retry_interval" ? (
          <p className="text-slate-500" data-testid="retry-available">
            Available from {formatDate(new Date(decision.available_at))}{" "}
            {new Date(decision.available_at).toTimeString().slice(0, 5)} ({formatHms(decision.remaining_time)}{" "}
            remaining)
          </p>
        ) : null}
      </div>
    </Modal>
  );
}

/** Spec: progress test summary (Questions, Attempts, Pass mark %, Start button), then the content check. */
export function ProgressTestSummary({
  part,
  test,
  decision,
  onClose,
}: {
  part: PartView;
  test: LocalProgressTest | undefined;
  decision: Extract<AccessDecision, { kind: "summary" }>;
  onClose: () => void;
}) {
  const flow = useProgressTestStart(test, decision.test_type);
  const { state } = flow;

  if (state.step === "update") {
    return (
      <Modal
        title={ACCESS_TITLES.updateRequired}
        isOpen
        onClose={onClose}
        actions={
          <>
            <Button variant="secondary" onPress={onClose}>
              Cancel
            </Button>
            {flow.outOfDate ? null : (
              <Button onPress={() => void flow.downloadTest()} disabled={state.downloading} testId="download-test">
                {state.downloading ? "Downloading…" : "Download test"}
              </Button>
            )}
          </>
        }
      >
        <div className="space-y-3" data-testid="update-required">
          {flow.outOfDate ? (
            <p role="alert" className="text-red-700" data-testid="out-of-date">
              {ACCESS_MESSAGES.outOfDate}
            </p>
          ) : (
            <p>
              This test needs questions that are newer than the ones on this device. Download the update to take it.
            </p>
          )}
          {state.error && !flow.outOfDate ? (
            <ErrorNotice as="p" className="text-red-700" testId="test-update-error">
              {state.error}
            </ErrorNotice>
          ) : null}
        </div>
      </Modal>
    );
  }

  const busy = state.step === "verifying" || state.step === "starting";
  const pass = part.content.pass_percentage ?? PASS_PERCENTAGE_DEFAULT;
  return (
    <Modal
      title={part.content.title}
      isOpen
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button onPress={() => void flow.start()} disabled={busy || !test} testId="pt-start">
            {busy ? "Starting test…" : "Start"}
          </Button>
        </>
      }
    >
      <div className="space-y-4" data-testid="pt-summary">
        {decision.note ? (
          <p
            className="rounded-md bg-emerald-50 px-3 py-2 text-emerald-800"
            role="status"
            data-testid="initial-attempt"
          >
            {decision.note}
          </p>
        ) : null}
        <dl className="grid grid-cols-3 gap-3 text-center">
          <SummaryItem label="Questions" value={String(test?.question_ids.length ?? part.question_count ?? 0)} />
          <SummaryItem label="Attempts" value={String(part.attempts)} />
          <SummaryItem label="Pass mark" value={`${pass}%`} />
        </dl>
        {state.step === "failed" ? (
          <ErrorNotice as="p" className="text-red-700">
            {state.message}
          </ErrorNotice>
        ) : null}
      </div>
    </Modal>
  );
}

function SummaryItem({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-2 py-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd
        className="mt-1 text-lg font-semibold text-slate-900"
        data-testid={`pt-${label.toLowerCase().replace(/ /g, "-")}`}
      >
        {value}
      </dd>
    </div>
  );
}
