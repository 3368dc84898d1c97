import { type DisplayAnswers, type TestType, testTypeTitle } from "@preflight/sync-protocol";
import { useState } from "react";
import { useDisplayAnswers } from "../../app/display-answers.ts";
import { useBankSize } from "../../app/live-queries.ts";
import { useSignedIn } from "../../app/session-context.tsx";
import { useStartTest } from "../../app/useStartTest.ts";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";

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
    <main className="mx-auto max-w-2xl px-4 py-6">
      <div className="rounded-xl bg-surface p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-xl font-semibold">{testTypeTitle(testType)}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {bankSize
            ? `Questions are chosen at random from the ${bankSize} on this device.`
            : "Your question bank is not on this device yet."}
        </p>
        <fieldset className="mt-5">
          <legend className="mb-2 text-sm font-medium text-slate-800">Questions</legend>
          <div className="flex gap-2">
            {COUNTS.map((n) => (
              <label
                key={n}
                className={`cursor-pointer rounded-md border px-4 py-2 text-sm ${count === n ? "border-brand-500 bg-brand-50" : "border-slate-300"}`}
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
                  className={`cursor-pointer rounded-md border px-4 py-2 text-sm ${display === choice.value ? "border-brand-500 bg-brand-50" : "border-slate-300"}`}
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
          <button
            type="button"
            onClick={() => void startChosen()}
            disabled={starting || !bankSize}
            className="rounded-md bg-primary px-5 py-2.5 font-medium text-white hover:bg-primary-hover disabled:opacity-50"
          >
            {starting ? "Starting test…" : "Start"}
          </button>
          {error ? (
            <ErrorNotice as="span" className="text-sm text-red-700">
              {error}
            </ErrorNotice>
          ) : null}
        </div>
      </div>
    </main>
  );
}
