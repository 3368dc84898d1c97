/**
 * The school's fixed tests (issue 20), pure: each test with its questions, rules, classes, when
 * students may start it (said as a student's device would say it: fixed-tests.ts
 * unavailableReason), its badges in words, the attempts taken, and links to edit it and to its
 * results.
 */
import { formatTestMoment, unavailableReason } from "@preflight/sync-protocol/rules/fixed-tests";
import type { SchoolClass } from "@preflight/sync-protocol/schemas/school";
import type { SchoolFixedTestsReply } from "@preflight/sync-protocol/schemas/school-tests";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { buttonClass } from "../../ui/Button.tsx";
import { Card } from "../../ui/Page.tsx";

type ListedTest = SchoolFixedTestsReply["tests"][number];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "20 questions · 45 min · pass mark 75% · 3 attempts each". */
export function rulesText(test: ListedTest): string {
  return [
    plural(test.question_count, "question", "questions"),
    test.time_limit === null ? "untimed" : `${test.time_limit} min`,
    `pass mark ${test.pass_percentage}%`,
    test.attempts === 0 ? "no limit on attempts" : `${plural(test.attempts, "attempt", "attempts")} each`,
  ].join(" · ");
}

/** "Opens 1 Dec 2026, 09:00 · closes 20 Dec 2026, 17:00"; null without a window. */
export function windowText(test: Pick<ListedTest, "opens_at" | "closes_at">): string | null {
  const parts = [
    test.opens_at ? `opens ${formatTestMoment(test.opens_at)}` : null,
    test.closes_at ? `closes ${formatTestMoment(test.closes_at)}` : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return null;
  const text = parts.join(" · ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function Badge({ children, tone = "slate" }: { children: ReactNode; tone?: "slate" | "amber" | "emerald" }) {
  const look = {
    slate: "bg-slate-100 text-slate-800 ring-slate-200",
    amber: "bg-amber-50 text-amber-900 ring-amber-200",
    emerald: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  }[tone];
  return (
    <li className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${look}`} data-testid="test-badge">
      {children}
    </li>
  );
}

export function TestListView({
  reply,
  classes,
  nowMs,
}: {
  reply: SchoolFixedTestsReply;
  /** The school's classes, to name a test's; null while unknown (the ids are said instead). */
  classes: readonly SchoolClass[] | null;
  nowMs: number;
}) {
  if (reply.tests.length === 0)
    return (
      <Card>
        <p className="text-slate-700" data-testid="school-tests-none">
          Your school has no fixed tests yet. Make one with New fixed test.
        </p>
      </Card>
    );
  const className = (id: string) => classes?.find((c) => c.id === id)?.name ?? id;
  return (
    <ul className="space-y-3" data-testid="school-tests">
      {reply.tests.map((test) => {
        const unavailable = unavailableReason(test, new Date(nowMs), formatTestMoment);
        const opening = windowText(test);
        return (
          <li
            key={test.id}
            className="rounded-xl bg-surface p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
            data-testid="school-test"
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-64 flex-1 space-y-1">
                <h2 className="text-lg font-semibold text-slate-900" data-testid="school-test-title">
                  {test.title}
                </h2>
                <p className="text-sm text-slate-700">{rulesText(test)}</p>
                <p className="text-sm text-slate-700">
                  {test.class_ids.length === 0 ? (
                    "Not assigned to a class: no student sees it"
                  ) : (
                    <>
                      {test.class_ids.length === 1 ? "Class" : "Classes"}: {test.class_ids.map(className).join(", ")}
                    </>
                  )}
                </p>
                {opening ? <p className="text-sm text-slate-700">{opening}</p> : null}
              </div>
              <div className="flex flex-wrap gap-2">
                <Link
                  to="/school/tests/$testId/edit"
                  params={{ testId: String(test.id) }}
                  className={buttonClass("secondary")}
                  aria-label={`Edit ${test.title}`}
                  data-testid="school-test-edit"
                >
                  Edit
                </Link>
                <Link
                  to="/school/tests/$testId/results"
                  params={{ testId: String(test.id) }}
                  className={buttonClass("primary")}
                  aria-label={`Results of ${test.title}`}
                  data-testid="school-test-results"
                >
                  Results
                </Link>
              </div>
            </div>
            <ul className="mt-3 flex flex-wrap items-center gap-2" aria-label="About this test">
              {unavailable ? (
                <Badge tone="amber">{unavailable}</Badge>
              ) : (
                <Badge tone="emerald">Students may start it now</Badge>
              )}
              {test.has_password ? <Badge>Password</Badge> : null}
              {test.hide_results ? <Badge>Results hidden from students</Badge> : null}
              {test.hide_answers ? <Badge>Answers go to the school only</Badge> : null}
              <li className="text-sm text-slate-600" data-testid="school-test-taken">
                {test.attempts_taken === 0
                  ? "Not started yet"
                  : `${plural(test.attempts_taken, "attempt", "attempts")} taken`}
              </li>
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
