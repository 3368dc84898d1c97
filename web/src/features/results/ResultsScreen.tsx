import { padQuestionNumber, passMark } from "@preflight/sync-protocol";
import { Link } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import { useSignedIn } from "../../app/session-context.tsx";

/**
 * Results: the server's marking when it has arrived, else the device's prediction from the
 * same grading rules, said plainly so the student knows which one they are looking at.
 */
export function ResultsScreen({ testId }: { testId: string }) {
  const { scope } = useSignedIn();
  const data = useLiveQuery(async () => {
    const test = await scope.db.userTests.get(testId);
    if (!test) return null;
    const answers = await scope.db.answers.where("testId").equals(testId).toArray();
    return { test, answers: new Map(answers.map((a) => [a.questionId, a])) };
  }, [scope.db, testId]);

  if (data === undefined) return <p className="p-8 text-center text-slate-500">Loading results…</p>;
  if (data === null || !data.test.finished)
    return (
      <main className="mx-auto max-w-lg p-8 text-center">
        <p>No results for this test yet.</p>
        <Link to="/dashboard" className="mt-4 inline-block text-brand-600 underline">
          Go to dashboard
        </Link>
      </main>
    );

  const { test, answers } = data;
  const result = test.marked ?? test.predicted;
  if (!result) return null;
  const total = test.question_ids.length;
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-6">
      <section className="rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
        <h1
          className={`text-2xl font-semibold ${result.pass ? "text-emerald-700" : "text-red-700"}`}
          data-testid="result-heading"
        >
          {result.pass ? "Congratulations, you passed!" : "Sorry, you failed"}
        </h1>
        <p className="mt-2 text-lg" data-testid="result-score">
          You scored {result.percentage}%
        </p>
        <dl className="mt-5 flex flex-wrap justify-center gap-x-8 gap-y-2 text-sm text-slate-600">
          <div>
            <dt className="inline font-medium text-slate-800">Questions </dt>
            <dd className="inline">{total}</dd>
          </div>
          <div>
            <dt className="inline font-medium text-slate-800">Pass mark </dt>
            <dd className="inline">
              {passMark(total, test.pass_percentage)} / {total}
            </dd>
          </div>
        </dl>
        <p className="mt-4 text-xs text-slate-500" data-testid="marking-source">
          {test.marked
            ? "Marked by the server."
            : "Marked on this device; the server will confirm when you are online."}
        </p>
      </section>
      <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 className="mb-3 font-semibold">Your answers</h2>
        <ol className="grid grid-cols-5 gap-2 sm:grid-cols-10">
          {test.question_ids.map((id, i) => {
            const answer = answers.get(id);
            const tone = !answer
              ? "bg-slate-100 text-slate-500"
              : answer.correct
                ? "bg-emerald-100 text-emerald-800"
                : "bg-red-100 text-red-800";
            const label = !answer ? "not answered" : answer.correct ? "correct" : "incorrect";
            return (
              <li
                key={id}
                className={`rounded-md py-2 text-center text-xs font-semibold ${tone}`}
                title={label}
                aria-label={`Question ${i + 1}: ${label}`}
              >
                {padQuestionNumber(i + 1)}
              </li>
            );
          })}
        </ol>
      </section>
      <div className="flex justify-center">
        <Link to="/dashboard" className="rounded-md bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700">
          Return to dashboard
        </Link>
      </div>
    </main>
  );
}
