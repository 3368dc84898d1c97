import type { DisplayAnswers, TestType } from "@preflight/sync-protocol/rules/constants";
import { testTypeTitle } from "@preflight/sync-protocol/rules/format";
import { useState } from "react";
import { useDisplayAnswers } from "../../app/display-answers.ts";
import { useBankSize } from "../../app/live-queries.ts";
import { useSignedIn } from "../../app/session-context.tsx";
import { useStartTest } from "../../app/useStartTest.ts";
import { Button } from "../../ui/Button.tsx";
import { Choice, Choices } from "../../ui/Choices.tsx";
import { ErrorLine } from "../../ui/ErrorNotice.tsx";
import { Card, Page } from "../../ui/Page.tsx";

const COUNTS = [10, 20, 40] as const;
/** EASA theory exams allow about 1.25 minutes a question; timed practice follows that pace. */
const MINUTES_PER_QUESTION = 1.25;

const DISPLAY_CHOICES: { value: DisplayAnswers; label: string }[] = [
  { value: "after_test", label: "After test" },
  { value: "after_choice", label: "After choice" },
  { value: "before_choice", label: "Before choice" },
];

/** Choose a test of one type from the questions on this device (works offline). */
export function SelectTest({ testType, seed }: { testType: TestType; seed?: number | undefined }) {
  const { scope } = useSignedIn();
  const bankSize = useBankSize(scope.db);
  const [count, setCount] = useState<number>(COUNTS[0]);
  const [display, setDisplay] = useState<DisplayAnswers>(testType === "practice" ? "after_choice" : "after_test");
  const { start, error, starting } = useStartTest();
  const timed = testType === "timed";
  const displayAnswers = useDisplayAnswers();

  const startChosen = () =>
    start({
      test_type: testType,
      title: `${testTypeTitle(testType)} (${count} questions)`,
      count,
      display_answers: displayAnswers.sent(display),
      seed,
      time_limit: timed ? Math.ceil(count * MINUTES_PER_QUESTION) : null,
    });

  return (
    <Page
      title={testTypeTitle(testType)}
      width="narrow"
      description={
        bankSize
          ? `Questions are chosen at random from the ${bankSize} on this device.`
          : "Your question bank is not on this device yet."
      }
    >
      <Card>
        <Choices legend="Questions" value={String(count)} onChange={(n) => setCount(Number(n))}>
          {COUNTS.map((n) => (
            <Choice key={n} value={String(n)}>
              {n}
              {timed ? ` · ${Math.ceil(n * MINUTES_PER_QUESTION)} min` : ""}
            </Choice>
          ))}
        </Choices>
        {testType !== "timed" && displayAnswers.offered ? (
          <div className="mt-5">
            <Choices legend="Show answers" value={display} onChange={(value) => setDisplay(value as DisplayAnswers)}>
              {DISPLAY_CHOICES.map((choice) => (
                <Choice key={choice.value} value={choice.value}>
                  {choice.label}
                </Choice>
              ))}
            </Choices>
          </div>
        ) : null}
        <div className="mt-6 flex items-center gap-3">
          <Button onPress={() => void startChosen()} disabled={starting || !bankSize} className="px-6">
            {starting ? "Starting test…" : "Start"}
          </Button>
          <ErrorLine message={error} />
        </div>
      </Card>
    </Page>
  );
}
