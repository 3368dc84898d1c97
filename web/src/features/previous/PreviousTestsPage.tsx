/**
 * Previous tests: 'Review previous tests' (Date, Test, Score, Pass, with filters) and 'Choose a
 * previous test' (retake). Offline from the device; with the server's list when online.
 */
import type { TestType } from "@preflight/sync-protocol/rules/constants";
import { resultFilterVisible } from "@preflight/sync-protocol/rules/hidden-results";
import { useNavigate } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import { useMemo, useState } from "react";
import { useSignedIn } from "../../app/session-context.tsx";
import type { LocalUserTest } from "../../local/store/db.ts";
import { attemptsUsed } from "../../local/store/fixed-attempts.ts";
import { Button } from "../../ui/Button.tsx";
import { Card, Page } from "../../ui/Page.tsx";
import { TableScroller } from "../../ui/TableScroller.tsx";
import { dateText, PREVIOUS_MESSAGES, passText, scoreText, typeLabel } from "./labels.ts";
import { PreviousFilters } from "./PreviousFilters.tsx";
import { RetakeDialog } from "./RetakeDialog.tsx";
import { filterPreviousTests, NO_FILTER, type PreviousFilter, type PreviousRow } from "./rows.ts";
import { usePreviousTests } from "./usePreviousTests.ts";

export function PreviousTestsPage() {
  const { scope } = useSignedIn();
  const navigate = useNavigate();
  const view = usePreviousTests(scope.db);
  const [filter, setFilter] = useState<PreviousFilter>(NO_FILTER);
  const [retaking, setRetaking] = useState<LocalUserTest | null>(null);
  const device = useLiveQuery(async () => {
    const [tests, fixed] = await Promise.all([scope.db.userTests.toArray(), scope.db.fixedTests.toArray()]);
    return { tests: new Map(tests.map((t) => [t.id, t])), all: tests, fixed: new Map(fixed.map((f) => [f.id, f])) };
  }, [scope.db]);

  const showResult = resultFilterVisible(view?.hideFixedResults ?? false);
  const effective = showResult ? filter : { ...filter, result: "all" as const };
  const rows = view ? filterPreviousTests(view.rows, effective) : [];
  const types = useMemo(() => [...new Set(view?.rows.map((r) => r.test_type) ?? [])].sort() as TestType[], [view]);
  // Tests on this device can be retaken from here; the dialog says when one cannot.
  const retakeable = useMemo(
    () =>
      (view?.rows ?? []).flatMap((row) => {
        const test = device?.tests.get(row.id);
        return test ? [{ row, test }] : [];
      }),
    [view, device],
  );

  const open = (row: PreviousRow) => void navigate({ to: "/test/results/$testId", params: { testId: row.id } });
  const fixedOf = (test: LocalUserTest) =>
    test.fixed_test_id != null ? device?.fixed.get(test.fixed_test_id) : undefined;
  const usedOf = (test: LocalUserTest) => {
    const fixed = fixedOf(test);
    return fixed ? attemptsUsed(fixed, device?.all ?? []) : 0;
  };

  if (view === undefined)
    return (
      <Page title="Previous tests" busy>
        <p className="text-slate-600">Loading tests…</p>
      </Page>
    );

  return (
    <Page
      title="Previous tests"
      description={view.fromServer ? undefined : "Showing the tests on this device."}
      width="default"
    >
      <Card title={PREVIOUS_MESSAGES.reviewTitle} padded={false} testId="previous-review">
        {view.rows.length > 0 ? (
          <div className="border-b border-slate-100 px-5 pb-4 pt-4 sm:px-6">
            <PreviousFilters filter={effective} onChange={setFilter} types={types} showResult={showResult} />
          </div>
        ) : null}
        {view.rows.length === 0 ? (
          <p className="px-6 py-10 text-center text-slate-600" data-testid="previous-empty">
            {PREVIOUS_MESSAGES.empty}
          </p>
        ) : rows.length === 0 ? (
          <p className="px-6 py-10 text-center text-slate-600">{PREVIOUS_MESSAGES.noMatch}</p>
        ) : (
          <TableScroller>
            <table className="w-full text-left text-sm" data-testid="previous-table">
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  {/* On a phone the date goes under the test's name, so the score and pass fit. */}
                  <th scope="col" className="px-6 py-2 font-medium max-sm:hidden">
                    Date
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Test
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Score
                  </th>
                  <th scope="col" className="px-6 py-2 font-medium max-sm:px-3">
                    Pass
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((row) => (
                  <tr key={row.id} data-testid="previous-row" className={row.onDevice ? "hover:bg-brand-50" : ""}>
                    <td className="whitespace-nowrap px-6 py-3 tabular-nums text-slate-600 max-sm:hidden">
                      {dateText(row)}
                    </td>
                    <td className="px-3 py-3 max-sm:pl-4">
                      {row.onDevice ? (
                        <Button
                          variant="plain"
                          onPress={() => open(row)}
                          className="min-h-11 text-left font-medium text-brand-700 hover:underline"
                        >
                          {row.title}
                        </Button>
                      ) : (
                        <span className="font-medium">{row.title}</span>
                      )}
                      <span className="block text-xs text-slate-600">
                        <span className="tabular-nums sm:hidden">{dateText(row)} · </span>
                        {typeLabel(row.test_type)}
                        {row.onDevice ? "" : " · taken on another device"}
                      </span>
                    </td>
                    <td
                      className={`whitespace-nowrap px-3 py-3 tabular-nums ${row.hidden ? "text-slate-500" : ""}`}
                      data-testid="previous-score"
                    >
                      {scoreText(row)}
                    </td>
                    <td className="px-6 py-3 max-sm:px-3" data-testid="previous-pass">
                      <PassBadge row={row} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        )}
      </Card>

      <Card title={PREVIOUS_MESSAGES.chooseTitle} padded={false}>
        {retakeable.length === 0 ? (
          <p className="px-6 py-8 text-center text-slate-600">{PREVIOUS_MESSAGES.empty}</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="previous-choose">
            {retakeable.map(({ row, test }) => (
              <li key={row.id}>
                <Button
                  variant="plain"
                  onPress={() => setRetaking(test)}
                  className="flex min-h-11 w-full items-center justify-between gap-4 px-5 py-3 text-left hover:bg-brand-50 sm:px-6"
                >
                  <span>
                    <span className="block font-medium">{row.title}</span>
                    <span className="text-xs text-slate-600">
                      {typeLabel(row.test_type)} · {row.questions} questions · {dateText(row)}
                    </span>
                  </span>
                  <span className={`text-sm font-medium ${test.can_retake ? "text-brand-700" : "text-slate-500"}`}>
                    Retake
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>

      {retaking ? (
        <RetakeDialog
          test={retaking}
          fixed={fixedOf(retaking)}
          used={usedOf(retaking)}
          onClose={() => setRetaking(null)}
        />
      ) : null}
    </Page>
  );
}

function PassBadge({ row }: { row: PreviousRow }) {
  const text = passText(row);
  const tone = row.hidden
    ? "bg-slate-100 text-slate-500"
    : row.pass === true
      ? "bg-emerald-100 text-emerald-800"
      : row.pass === false
        ? "bg-red-100 text-red-800"
        : "bg-slate-100 text-slate-600";
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{text}</span>;
}
