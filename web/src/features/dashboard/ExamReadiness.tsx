/**
 * The dashboard's exam readiness (issue 19): the subjects the student has started, each with its
 * chance of passing the real exam now and its range. Its code and its read (every answer, the
 * bank's index, the question statistics) come after the page is painted: the route loads it
 * deferred, at the foot of the page, where its arrival moves nothing.
 */
import { Link } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import { useSignedIn } from "../../app/session-context.tsx";
import { readExamReadiness } from "../../local/store/readiness.ts";
import { now } from "../../platform.ts";
import { Card } from "../../ui/Page.tsx";
import { ReadinessList } from "../../ui/ReadinessList.tsx";

export function ExamReadiness() {
  const { scope } = useSignedIn();
  const items = useLiveQuery(() => readExamReadiness(scope.db, now()), [scope.db]);
  if (!items || items.length === 0) return null;
  return (
    <Card
      title="Exam readiness"
      testId="dashboard-readiness"
      actions={
        <Link to="/analysis" className="text-sm font-medium text-brand-600 underline-offset-2 hover:underline">
          See all subjects
        </Link>
      }
    >
      <p className="mb-1 text-sm text-slate-600">
        Your chance of passing each exam if you sat it now, and the range it likely lies in.
      </p>
      <ReadinessList items={items} compact testId="dashboard-readiness-list" />
    </Card>
  );
}
