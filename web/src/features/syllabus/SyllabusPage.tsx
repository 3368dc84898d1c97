/**
 * The syllabus page (spec study 2): a syllabus selector (only with more than one), sort by MODULE
 * or SUBJECT with a module or subject selector (remembered), the lesson grid with its legend, and
 * the Tutor / Search slide-out. Opening a part runs the access rules in the spec's order.
 */
import type { ModuleView } from "@preflight/sync-protocol/rules/access";
import { useLiveQuery } from "dexie-react-hooks";
import type { ReactNode } from "react";
import { useSignedIn } from "../../app/session-context.tsx";
import { useOnline } from "../../app/useOnline.ts";
import { Button } from "../../ui/Button.tsx";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { LABEL_CLASS } from "../../ui/field-look.ts";
import { Card, Page } from "../../ui/Page.tsx";
import { SelectField } from "../../ui/SelectField.tsx";
import { SyllabusChoicesButton } from "../../ui/SyllabusChoicesHelp.tsx";
import { ToggleButton } from "../../ui/ToggleButton.tsx";
import { ProgressTestSummary, RefusalModal } from "./AccessModals.tsx";
import { type GridRow, LessonGrid } from "./LessonGrid.tsx";
import { type SyllabusSort, useSyllabusChoices } from "./preferences.ts";
import { StatusLegend } from "./StatusIcon.tsx";
import { SyllabusHelpButton } from "./SyllabusHelp.tsx";
import { usePartAccess } from "./usePartAccess.ts";
import { useSyllabi } from "./useSyllabi.ts";
import { useSyllabusModules } from "./useSyllabusModules.ts";

/** `tutorSearch` is the lessons feature's Tutor / Search panel, which the route mounts and opens. */
export function SyllabusPage({
  onOpenTutorSearch,
  tutorSearch,
}: {
  onOpenTutorSearch: () => void;
  tutorSearch: ReactNode;
}) {
  const { session, scope } = useSignedIn();
  const online = useOnline();
  const data = useSyllabusModules(scope.db);
  const [choices, choose] = useSyllabusChoices(session.userId);
  const selector = useSyllabi(scope.db, online);
  const access = usePartAccess(data);
  const subjectTitles = useLiveQuery(
    async () => new Map((await scope.db.installedPacks.toArray()).map((p) => [p.subject, p.title])),
    [scope.db],
  );

  if (!data)
    return (
      <Page title="Syllabus" busy>
        <p className="py-10 text-center text-slate-600">Loading syllabus…</p>
      </Page>
    );

  const modules = data.modules;
  const subjects = [...new Set(modules.flatMap((m) => m.subjects))].sort();
  const currentModule: ModuleView | undefined = modules.find((m) => m.id === choices.current_module) ?? modules[0];
  const currentSubject = subjects.find((s) => s === choices.current_subject) ?? subjects[0];
  const rows: GridRow[] =
    choices.sort === "module"
      ? (currentModule?.parts.map((part) => ({ module: currentModule, part })) ?? [])
      : modules.flatMap((module) =>
          module.parts.filter((p) => p.content.subject_id === currentSubject).map((part) => ({ module, part })),
        );
  const unavailable = choices.sort === "module" && currentModule !== undefined && !data.available.has(currentModule.id);
  const subjectLabel = (code: string) => `${code} ${subjectTitles?.get(code) ?? ""}`.trim();
  const opened = access.state;

  return (
    <Page
      title="Syllabus"
      description={data.syllabus?.title}
      actions={
        <>
          <SyllabusHelpButton />
          <Button variant="secondary" onPress={onOpenTutorSearch} testId="open-tutor-search">
            Tutor / Search
          </Button>
        </>
      }
    >
      <Card padded={false} className="overflow-hidden">
        <div className="flex flex-wrap items-end gap-4 border-b border-slate-200 px-4 py-4 sm:px-6">
          {selector.syllabi.length > 1 ? (
            <div className="flex min-w-0 items-end gap-2">
              <SelectField
                label="Syllabus"
                className="min-w-0 max-w-xs"
                value={String(selector.activeId ?? data.syllabus?.id ?? "")}
                disabled={!online || selector.switching}
                onChange={(id) => void selector.switchTo(Number(id))}
                data-testid="syllabus-select"
              >
                {selector.syllabi.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.title}
                  </option>
                ))}
              </SelectField>
              <SyllabusChoicesButton />
            </div>
          ) : null}
          <fieldset>
            <legend className={LABEL_CLASS}>Sort by</legend>
            <div className="inline-flex overflow-hidden rounded-md border border-slate-300 text-sm">
              {(["module", "subject"] as SyllabusSort[]).map((sort) => (
                <ToggleButton
                  key={sort}
                  selected={choices.sort === sort}
                  onChange={() => choose({ sort })}
                  testId={`sort-${sort}`}
                  className={`min-h-11 px-4 font-semibold uppercase ${choices.sort === sort ? "bg-primary text-white" : "bg-surface text-slate-700 hover:bg-slate-50"}`}
                >
                  {sort}
                </ToggleButton>
              ))}
            </div>
          </fieldset>
          {choices.sort === "module" ? (
            <SelectField
              label="Module"
              className="min-w-0 max-w-full"
              value={String(currentModule?.id ?? "")}
              onChange={(id) => choose({ current_module: Number(id) })}
              data-testid="module-select"
            >
              {modules.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.title}
                  {data.available.has(m.id) ? "" : " (not yet available)"}
                </option>
              ))}
            </SelectField>
          ) : (
            <SelectField
              label="Subject"
              className="min-w-0 max-w-full"
              value={currentSubject ?? ""}
              onChange={(code) => choose({ current_subject: code })}
              data-testid="subject-select"
            >
              {subjects.map((code) => (
                <option key={code} value={code}>
                  {subjectLabel(code)}
                </option>
              ))}
            </SelectField>
          )}
        </div>
        {selector.error ? (
          <ErrorNotice as="p" className="px-6 pt-3 text-sm text-red-700">
            {selector.error}
          </ErrorNotice>
        ) : null}

        {unavailable ? (
          <p
            className="mx-4 mt-4 rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-800 sm:mx-6"
            data-testid="module-not-yet-available"
          >
            {currentModule?.title} is not yet available on this device: its content is still downloading.
          </p>
        ) : null}
        <LessonGrid
          rows={rows}
          showModule={choices.sort === "subject"}
          disabled={unavailable}
          onOpen={({ module, part }) => void access.open(module, part)}
        />
        <div className="border-t border-slate-200 px-4 py-3 sm:px-6">
          <StatusLegend />
        </div>
      </Card>

      {opened.step === "refused" ? <RefusalModal decision={opened.decision} onClose={access.close} /> : null}
      {opened.step === "summary" ? (
        <ProgressTestSummary
          part={opened.part}
          test={data.progressTests.get(opened.part.content.id)}
          decision={opened.decision}
          onClose={access.close}
        />
      ) : null}
      {tutorSearch}
    </Page>
  );
}
