/**
 * Spec, fixed tests: "Select, then verify questions. If an update is required show the update
 * dialog; else if password access show the password dialog; else show the summary." A test with
 * a disabled_reason cannot be selected: its reason shows as a danger notification after 3 s.
 */
import { FIXED_TEST_DISABLED_NOTIFICATION_DELAY_MS } from "@preflight/sync-protocol/rules/constants";
import { useState } from "react";
import { useErrorNotice } from "../../app/error-notice.ts";
import { useSignedIn } from "../../app/session-context.tsx";
import { unavailableReason } from "../../local/fixed-availability.ts";
import type { LocalFixedTest } from "../../local/store/db.ts";
import { fixedTestDialog } from "./flow-step.ts";
import { verifyFixedTestQuestions } from "./verify.ts";

export type FixedTestStep =
  | { step: "idle" }
  | { step: "update"; test: LocalFixedTest }
  | { step: "password"; test: LocalFixedTest }
  | { step: "summary"; test: LocalFixedTest };

export function useFixedTestFlow() {
  const { scope } = useSignedIn();
  const showError = useErrorNotice();
  const [state, setState] = useState<FixedTestStep>({ step: "idle" });

  const select = async (test: LocalFixedTest) => {
    const unavailable = unavailableReason(test);
    if (unavailable) {
      showError(null, {
        title: test.title,
        text: unavailable,
        delay: FIXED_TEST_DISABLED_NOTIFICATION_DELAY_MS,
      });
      return;
    }
    const dialog = await fixedTestDialog(test, () => verifyFixedTestQuestions(scope.db, test));
    if (typeof dialog === "object") showError(null, { text: dialog.failed });
    else setState({ step: dialog, test });
  };

  return { state, select, close: () => setState({ step: "idle" }) };
}
