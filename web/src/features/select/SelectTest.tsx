import { type DisplayAnswers, type TestType, testTypeTitle } from "@preflight/sync-protocol";
import { useState } from "react";
import { useDisplayAnswers } from "../../app/display-answers.ts";
import { useBankSize } from "../../app/live-queries.ts";
import { useSignedIn } from "../../app/session-context.tsx";
import { useStartTest } from "../../app/useStartTest.ts";
import { Button } from "../../ui/Button.tsx";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
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
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">Questions</legend>
          <div className="flex flex-wrap gap-2">
            {COUNTS.map((n) => (
              <label
                key={n}
                className={`flex min-h-11 cursor-pointer items-center rounded-md border px-4 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500 ${count === n ? "border-brand-500 bg-brand-50" : "border-slate-300"}`}
              >
                <input
                  type="radio"
                  name="count"
                  className="sr-only"
                  checked={count === n}
                  onChange={() => setCount(n)}
                />
                {n}
                {timed ? ` · ${Math.ceil(n * MINUTES_PER_QUESTION)} min` : ""}
              </label>
            ))}
          </div>
        </fieldset>
        {testType !== "timed" && displayAnswers.offered ? (
          <fieldset className="mt-5">
            <legend className="mb-2 text-sm font-medium text-slate-800">Show answers</legend>
            <div className="flex flex-wrap gap-2">
              {DISPLAY_CHOICES.map((choice) => (
                <label
                  key={choice.value}
                  className={`flex min-h-11 cursor-pointer items-center rounded-md border px-4 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500 ${display === choice.value ? "border-brand-500 bg-brand-50" : "border-slate-300"}`}
                >
                  <input
                    type="radio"
                    name="display"
                    className="sr-only"
                    checked={display === choice.value}
                    onChange={() => setDisplay(choice.value)}
                  />
                  {choice.label}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <div className="mt-6 flex items-center gap-3">
          <Button onPress={() => void startChosen()} disabled={starting || !bankSize} className="px-6">
            {starting ? "Starting test…" : "Start"}
          </Button>
          {error ? (
            <ErrorNotice as="span" className="text-sm text-red-700">
              {error}
            </ErrorNotice>
          ) : null}
        </div>
      </Card>
    </Page>
  );
}
