/** The lesson grid (spec: columns lessons and target), one row per module part. */

import type { ModuleView, PartView } from "@preflight/sync-protocol/rules/access";
import { formatDate } from "@preflight/sync-protocol/rules/format";
import { ACCESS_MESSAGES } from "@preflight/sync-protocol/rules/part-access";
import { Button } from "../../ui/Button.tsx";
import { StatusIcon } from "./StatusIcon.tsx";

export interface GridRow {
  module: ModuleView;
  part: PartView;
}

export function LessonGrid({
  rows,
  showModule,
  disabled,
  onOpen,
}: {
  rows: GridRow[];
  showModule: boolean;
  disabled: boolean;
  onOpen: (row: GridRow) => void;
}) {
  if (rows.length === 0)
    return (
      <p className="px-6 py-10 text-center text-slate-600" data-testid="syllabus-empty">
        {ACCESS_MESSAGES.emptyModule}
      </p>
    );
  return (
    <table className="w-full text-left text-sm" data-testid="lesson-grid">
      <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
        <tr>
          <th scope="col" className="px-4 py-2 font-semibold sm:px-6">
            Lessons
          </th>
          <th scope="col" className="w-28 px-4 py-2 font-semibold sm:w-40 sm:px-6">
            Target
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map(({ module, part }) => (
          <tr key={part.id} data-testid="syllabus-part" data-part-type={part.type}>
            <td className="px-4 py-2 sm:px-6">
              <Button
                variant="plain"
                disabled={disabled}
                onPress={() => onOpen({ module, part })}
                className="flex min-h-11 w-full items-center gap-3 rounded-md py-1 text-left hover:text-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
              >
                <StatusIcon pass={part.pass} />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-slate-900">
                    {part.type === "progress_test" ? (
                      <span className="mr-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-semibold text-brand-700">
                        Progress test
                      </span>
                    ) : null}
                    {part.content.title}
                  </span>
                  <span className="block text-xs text-slate-600">
                    {[
                      showModule ? module.title : null,
                      part.content.code,
                      part.type === "progress_test" ? `${part.question_count ?? 0} questions` : null,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                </span>
              </Button>
            </td>
            <td className="px-4 py-2 text-slate-600 sm:px-6" data-testid="part-target">
              {part.target ? formatDate(new Date(`${part.target}T00:00:00`)) : "—"}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
