/**
 * 'Choose a fixed test': the school's tests as downloaded to this device ('Download tests'),
 * so they open and run offline; selecting one walks the spec's dialogs (useFixedTestFlow).
 */

import { FIXED_TEST_MESSAGES } from "@preflight/sync-protocol/rules/fixed-tests";
import { formatHms } from "@preflight/sync-protocol/rules/format";
import { useState } from "react";
import { useSignedIn } from "../../app/session-context.tsx";
import { NetworkError } from "../../local/api.ts";
import { unavailableReason } from "../../local/fixed-availability.ts";
import { refreshFixedTests } from "../../local/pull/fixed-tests.ts";
import type { LocalFixedTest } from "../../local/store/db.ts";
import { attemptsUsed } from "../../local/store/fixed-attempts.ts";
import { Button } from "../../ui/Button.tsx";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { CancelConfirm, Modal } from "../../ui/Modal.tsx";
import { Card, Page } from "../../ui/Page.tsx";
import { MESSAGES } from "../../ui/question/rules.ts";
import { FixedSummaryDialog } from "./FixedSummaryDialog.tsx";
import { PasswordDialog } from "./PasswordDialog.tsx";
import { useFixedTests } from "./queries.ts";
import { useFixedTestFlow } from "./useFixedTestFlow.ts";

type Download =
  | { state: "idle" }
  | { state: "busy" }
  | { state: "done"; count: number }
  | { state: "failed"; message: string };

export function FixedTestsPage() {
  const { scope } = useSignedIn();
  const view = useFixedTests(scope.db);
  const flow = useFixedTestFlow();
  const [download, setDownload] = useState<Download>({ state: "idle" });

  const downloadTests = async (): Promise<boolean> => {
    setDownload({ state: "busy" });
    try {
      setDownload({ state: "done", count: await refreshFixedTests(scope.db) });
      return true;
    } catch (err) {
      setDownload({
        state: "failed",
        message:
          err instanceof NetworkError
            ? "You are offline. Connect to the internet to download tests."
            : "There was an error downloading the tests. Please try again.",
      });
      return false;
    }
  };

  const used = (test: LocalFixedTest) => attemptsUsed(test, view?.taken ?? []);
  const current = flow.state.step === "idle" ? null : flow.state.test;

  return (
    <Page
      title={FIXED_TEST_MESSAGES.chooseTitle}
      description="Your school's tests: download them once, take them offline."
      actions={
        <Button
          variant="secondary"
          onPress={() => void downloadTests()}
          disabled={download.state === "busy"}
          testId="download-tests"
        >
          {download.state === "busy" ? "Downloading…" : "Download tests"}
        </Button>
      }
    >
      {download.state === "done" ? (
        <p className="text-sm text-emerald-700" role="status">
          {download.count === 1 ? "1 test is" : `${download.count} tests are`} on this device, ready offline.
        </p>
      ) : download.state === "failed" ? (
        <ErrorNotice as="p" className="text-sm text-red-700">
          {download.message}
        </ErrorNotice>
      ) : null}
      <Card padded={false}>
        {view === undefined ? (
          <p className="px-6 py-8 text-center text-slate-600">Loading tests…</p>
        ) : view.tests.length === 0 ? (
          <p className="px-6 py-8 text-center text-slate-600" data-testid="fixed-empty">
            {FIXED_TEST_MESSAGES.noneFound}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="fixed-tests">
            {view.tests.map((test) => (
              <li key={test.id}>
                <FixedTestItem test={test} used={used(test)} onSelect={() => void flow.select(test)} />
              </li>
            ))}
          </ul>
        )}
      </Card>

      {flow.state.step === "update" && current ? (
        <Modal
          title="Update required to access"
          isOpen
          onClose={flow.close}
          actions={
            <CancelConfirm
              onCancel={flow.close}
              onConfirm={() =>
                void downloadTests().then(async (ok) => {
                  const fresh = ok ? await scope.db.fixedTests.get(current.id) : undefined;
                  if (fresh) await flow.select(fresh);
                })
              }
              confirmLabel="Download tests"
              disabled={download.state === "busy"}
            />
          }
        >
          <p>{MESSAGES.outOfDate}</p>
        </Modal>
      ) : null}
      {flow.state.step === "password" && current ? (
        <PasswordDialog test={current} onClose={flow.close} onAccepted={(test) => void flow.select(test)} />
      ) : null}
      {flow.state.step === "summary" && current ? (
        <FixedSummaryDialog test={current} used={used(current)} onClose={flow.close} />
      ) : null}
    </Page>
  );
}

function FixedTestItem({ test, used, onSelect }: { test: LocalFixedTest; used: number; onSelect: () => void }) {
  const unavailable = unavailableReason(test);
  const disabled = unavailable !== null;
  return (
    // aria-disabled, not disabled: an unavailable test still answers a press with why.
    <Button
      variant="plain"
      onPress={onSelect}
      aria-disabled={disabled}
      testId="fixed-test"
      className={`flex min-h-11 w-full items-center gap-4 px-5 py-4 text-left sm:px-6 ${disabled ? "cursor-not-allowed bg-slate-50 text-slate-600" : "hover:bg-brand-50"}`}
    >
      <span className="min-w-0 flex-1">
        <span className={`block font-medium ${disabled ? "" : "text-slate-900"}`}>{test.title}</span>
        <span className="mt-0.5 flex flex-wrap gap-x-4 text-xs text-slate-600">
          <span>{test.question_ids.length} questions</span>
          <span>{test.time_limit ? `Time limit ${formatHms(test.time_limit * 60)}` : "Untimed"}</span>
          {unavailable && !test.disabled_reason ? <span data-testid="fixed-test-window">{unavailable}</span> : null}
          {test.attempts > 0 ? (
            <span>
              Attempts {Math.min(used, test.attempts)} / {test.attempts}
            </span>
          ) : null}
        </span>
      </span>
      {disabled ? (
        <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-600">Unavailable</span>
      ) : test.password_access ? (
        <span className="flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3 w-3 fill-current">
            <path d="M10 2a4 4 0 0 0-4 4v2H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V9a1 1 0 0 0-1-1h-1V6a4 4 0 0 0-4-4Zm-2 6V6a2 2 0 1 1 4 0v2H8Z" />
          </svg>
          Password
        </span>
      ) : null}
      <span aria-hidden="true" className="text-slate-400">
        ›
      </span>
    </Button>
  );
}
