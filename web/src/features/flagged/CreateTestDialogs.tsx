import type { DisplayAnswers } from "@preflight/sync-protocol/rules/constants";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useDisplayAnswers } from "../../app/display-answers.ts";
import { useErrorNotice } from "../../app/error-notice.ts";
import { useSignedIn } from "../../app/session-context.tsx";
import { createTest } from "../../local/actions/test.ts";
import { Button } from "../../ui/Button.tsx";
import { Choice, Choices } from "../../ui/Choices.tsx";
import { CancelConfirm, Modal } from "../../ui/Modal.tsx";
import { SummaryStrip } from "../../ui/SummaryStrip.tsx";
import { FLAGGED_MESSAGES, FLAGGED_TEST_TITLE, type IncludeChoice, questionsToInclude } from "./flagged-model.ts";

const SHOW_ANSWERS: { value: DisplayAnswers; label: string }[] = [
  { value: "after_choice", label: "After choice" },
  { value: "after_test", label: "After test" },
];

type Step = "options" | "summary";

/**
 * 'Create test': Show answers (After choice or After test) and Include (All or Filtered
 * questions), then the test summary with Start. The test is built on the device from the
 * chosen flagged questions (offline too) and queued for the server like any other.
 */
export function CreateTestDialogs({
  isOpen,
  onClose,
  allIds,
  filteredIds,
}: {
  isOpen: boolean;
  onClose: () => void;
  allIds: number[];
  filteredIds: number[];
}) {
  const { scope } = useSignedIn();
  const navigate = useNavigate();
  const showError = useErrorNotice();
  const displayAnswers = useDisplayAnswers();
  const [step, setStep] = useState<Step>("options");
  const [display, setDisplay] = useState<DisplayAnswers>("after_test");
  const [include, setInclude] = useState<IncludeChoice>("all");
  const [starting, setStarting] = useState(false);

  // Filtered questions can only be chosen while the filters list some.
  const chosenInclude: IncludeChoice = include === "filtered" && filteredIds.length === 0 ? "all" : include;
  const questionIds = questionsToInclude(chosenInclude, allIds, filteredIds);

  const close = () => {
    setStep("options");
    onClose();
  };
  const start = async () => {
    setStarting(true);
    try {
      const test = await createTest(scope, {
        test_type: "practice",
        title: FLAGGED_TEST_TITLE,
        count: questionIds.length,
        from: questionIds,
        display_answers: displayAnswers.sent(display),
        seed: crypto.getRandomValues(new Uint32Array(1))[0] ?? 1,
      });
      await navigate({ to: "/test/$testId", params: { testId: test.id } });
    } catch (err) {
      showError(err, { text: FLAGGED_MESSAGES.startFailed });
      setStarting(false);
      close();
    }
  };

  return (
    <>
      <Modal
        title="Create test"
        isOpen={isOpen && step === "options"}
        onClose={close}
        actions={
          <CancelConfirm
            onCancel={close}
            onConfirm={() => setStep("summary")}
            confirmLabel="Next"
            disabled={questionIds.length === 0}
            testId="create-test-next"
          />
        }
      >
        <div className="space-y-5">
          {displayAnswers.offered ? (
            <Choices legend="Show answers" value={display} onChange={(value) => setDisplay(value as typeof display)}>
              {SHOW_ANSWERS.map((choice) => (
                <Choice key={choice.value} value={choice.value}>
                  {choice.label}
                </Choice>
              ))}
            </Choices>
          ) : null}
          <Choices
            legend="Include"
            value={chosenInclude}
            onChange={(value) => setInclude(value as typeof chosenInclude)}
          >
            <Choice value="all">
              All <span className="text-slate-500">({allIds.length})</span>
            </Choice>
            <Choice value="filtered" disabled={filteredIds.length === 0}>
              Filtered questions <span className="text-slate-500">({filteredIds.length})</span>
            </Choice>
          </Choices>
        </div>
      </Modal>
      <Modal
        title="Test summary"
        isOpen={isOpen && step === "summary"}
        onClose={close}
        actions={
          <>
            <Button variant="secondary" onPress={() => setStep("options")} disabled={starting}>
              Back
            </Button>
            <Button onPress={() => void start()} disabled={starting || questionIds.length === 0} testId="start-test">
              {starting ? "Starting test…" : "Start"}
            </Button>
          </>
        }
      >
        <div className="space-y-4">
          <p>
            A practice test of your {chosenInclude === "all" ? "flagged" : "filtered flagged"} questions, answers shown{" "}
            {display === "after_choice" ? "after each choice" : "after the test"}.
          </p>
          <SummaryStrip total={questionIds.length} passPercentage={null} />
        </div>
      </Modal>
    </>
  );
}
