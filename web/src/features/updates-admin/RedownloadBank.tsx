import { useState } from "react";
import { Button as AriaButton, OverlayArrow, Tooltip, TooltipTrigger } from "react-aria-components";
import { useErrorNotice } from "../../app/error-notice.ts";
import { useOnline } from "../../app/useOnline.ts";
import { redownloadQuestionBank } from "../../local/content/storage.ts";
import type { UserDb } from "../../local/store/db.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { Card } from "../../ui/Page.tsx";
import { useSnackbar } from "../../ui/snackbar/context.ts";
import { BLOCKED_TITLES, UPDATES_ADMIN_MESSAGES } from "./messages.ts";

/**
 * Re-download question bank (spec): a help tooltip, the 'Re-downloading question bank' dialog,
 * then the content is thrown away (the student's records stay) and a full update starts.
 */
export function RedownloadBank({ db, userId }: { db: UserDb; userId: string }) {
  const online = useOnline();
  const { notify } = useSnackbar();
  const showError = useErrorNotice();
  const [confirming, setConfirming] = useState(false);
  const [working, setWorking] = useState(false);

  const redownload = async () => {
    setConfirming(false);
    setWorking(true);
    try {
      const outcome = await redownloadQuestionBank(db, userId, { online });
      if (outcome === "started")
        notify({ type: "success", title: "Re-downloading", text: UPDATES_ADMIN_MESSAGES.redownloadStarted });
      else showError(outcome, { title: BLOCKED_TITLES[outcome], text: UPDATES_ADMIN_MESSAGES.redownloadErrorElse });
    } catch (err) {
      console.warn("re-download failed", err);
      showError(err, { text: UPDATES_ADMIN_MESSAGES.redownloadErrorCatch });
    } finally {
      setWorking(false);
    }
  };

  return (
    <Card testId="redownload-section">
      <div className="flex items-center gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Question bank</h2>
        <TooltipTrigger delay={200}>
          <AriaButton
            aria-label="About re-downloading the question bank"
            className="relative inline-flex h-6 w-6 items-center justify-center rounded-full border border-slate-300 text-xs font-semibold text-slate-600 outline-none after:absolute after:-inset-2.5 after:content-[''] hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500"
            data-testid="redownload-help"
          >
            ?
          </AriaButton>
          <Tooltip
            placement="bottom"
            offset={8}
            className="max-w-xs rounded-md bg-neutral-900 px-3 py-2 text-sm text-white shadow-lg"
            data-testid="redownload-tooltip"
          >
            <OverlayArrow>
              <svg width={8} height={8} viewBox="0 0 8 8" className="fill-slate-900" aria-hidden="true">
                <path d="M0 0 L4 4 L8 0" />
              </svg>
            </OverlayArrow>
            {UPDATES_ADMIN_MESSAGES.redownloadHelp}
          </Tooltip>
        </TooltipTrigger>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Downloads every question, lesson and syllabus heading of your course again, in full.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button onPress={() => setConfirming(true)} disabled={working} testId="redownload">
          {UPDATES_ADMIN_MESSAGES.redownload}
        </Button>
        {working ? (
          <span className="text-sm text-slate-700" role="status">
            Clearing the questions on this device…
          </span>
        ) : null}
      </div>
      <Modal
        title={UPDATES_ADMIN_MESSAGES.redownloadDialogTitle}
        isOpen={confirming}
        onClose={() => setConfirming(false)}
        actions={
          <>
            <Button variant="secondary" onPress={() => setConfirming(false)} testId="redownload-cancel">
              Cancel
            </Button>
            <Button onPress={() => void redownload()} testId="redownload-confirm">
              {UPDATES_ADMIN_MESSAGES.redownload}
            </Button>
          </>
        }
      >
        <p>
          The questions, lessons and syllabus headings on this device will be deleted and downloaded again from the
          server. Until the download finishes, new tests cannot be started.
        </p>
        <p className="mt-2">
          Your tests, results, flags and the changes waiting to be sent are kept. Results of your tests keep the
          question versions they were taken with.
        </p>
        {!online ? (
          <p className="mt-2 font-medium text-amber-800">
            You are offline: connect first, or nothing can be downloaded.
          </p>
        ) : null}
      </Modal>
    </Card>
  );
}
