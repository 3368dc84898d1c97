/**
 * The practice builder (/test/select/practice): views subjects → topics → subtopics →
 * sections → settings; a live count of matching questions after every change; the Practice
 * summary dialog; Start builds the test on the device from the shared filter rule
 * (sync-protocol/rules/practice-filter.ts), online or offline.
 */
import {
  ALL_SUBJECTS,
  canStartPractice,
  chooseSection,
  chooseSubject,
  chooseSubtopic,
  chooseTopic,
  countMatching,
  defaultPracticeCriteria,
  effectiveCriteria,
  PRACTICE_DEFAULT_ANSWERS,
  PRACTICE_DEFAULT_SORT,
  PRACTICE_MESSAGES,
  type PracticeCriteria,
  practiceTestSize,
  selectPracticeQuestions,
} from "@preflight/sync-protocol/rules/practice-filter";
import { useNavigate } from "@tanstack/react-router";
import { type ReactNode, useMemo, useState } from "react";
import { useDisplayAnswers } from "../../app/display-answers.ts";
import { useErrorNotice } from "../../app/error-notice.ts";
import { useSignedIn } from "../../app/session-context.tsx";
import { useOnline } from "../../app/useOnline.ts";
import { createTest } from "../../local/actions/test.ts";
import { currentDate } from "../../platform.ts";
import { Card, Page } from "../../ui/Page.tsx";
import { hasSubscription, INCLUDE_LABELS, SHOW_ANSWERS_LABELS, SORT_LABELS } from "../../ui/practice-labels.ts";
import { headingChoices, subjectChoices, subjectsHeading, type TreeLevel } from "../../ui/subject-tree.ts";
import { ChoiceList } from "./ChoiceList.tsx";
import { PracticeSummaryDialog } from "./PracticeSummaryDialog.tsx";
import {
  countFromSummary,
  useAuthorityGroups,
  useHeadingCounts,
  useHeadingTitles,
  useIndexWanted,
  usePracticeIndex,
  usePracticeOpening,
} from "./practice-data.ts";
import { SettingsView, type TreeRow } from "./SettingsView.tsx";

type View = TreeLevel | "settings";

export function PracticeBuilder({ seed }: { seed?: number | undefined }) {
  const { scope, session } = useSignedIn();
  const { db } = scope;
  const navigate = useNavigate();
  const showError = useErrorNotice();
  const online = useOnline();
  const subscribed = hasSubscription(session.user, currentDate());
  // Components switched off on the server (PREFLIGHT_FEATURES) are hidden here, and the server
  // refuses them too: the Flagged include and the seen-in-exam filter.
  const flaggedEnabled = session.user.features.flagged;
  const seenInExamEnabled = session.user.features.seen_in_exam;
  const displayAnswers = useDisplayAnswers();

  const [initialCriteria] = useState<PracticeCriteria>(defaultPracticeCriteria);
  const [criteria, setCriteria] = useState<PracticeCriteria>(initialCriteria);
  const [view, setView] = useState<View>("subjects");
  const [summaryOpen, setSummaryOpen] = useState(false);
  const [starting, setStarting] = useState(false);
  const update = (change: (c: PracticeCriteria) => PracticeCriteria) => setCriteria(change);

  // The kept summary first (the subjects and the first count), the whole index once the page
  // needs it or the first screen has done its work (useIndexWanted).
  const opening = usePracticeOpening(db);
  const summary = opening?.summary;
  const subjects = opening?.subjects;
  const headingsWanted = view !== "subjects" && view !== "settings";
  const touched = view !== "subjects" || criteria !== initialCriteria;
  const subjectCode = criteria.subject_id === ALL_SUBJECTS ? null : criteria.subject_id;
  const titles = useHeadingTitles(db, subjectCode);
  const authorities = useAuthorityGroups(db);

  // What applies: offline hides some filters (spec), and so does a component switched off;
  // without the subscription flag, Sort and Show answers are hidden and keep their defaults.
  const applied = useMemo(() => {
    const offline = effectiveCriteria(criteria, online);
    const effective: PracticeCriteria = {
      ...offline,
      filters: {
        ...offline.filters,
        include: !flaggedEnabled && offline.filters.include === "flagged" ? "all" : offline.filters.include,
        seen_in_exam: seenInExamEnabled && offline.filters.seen_in_exam,
      },
    };
    if (subscribed) return effective;
    return {
      ...effective,
      display: { ...effective.display, sort: PRACTICE_DEFAULT_SORT, answers: PRACTICE_DEFAULT_ANSWERS },
    };
  }, [criteria, online, subscribed, flaggedEnabled, seenInExamEnabled]);
  const wanted = useIndexWanted(
    summary !== undefined,
    summary === null || headingsWanted || (summary !== undefined && countFromSummary(summary, applied) === undefined),
    touched,
  );
  const loaded = usePracticeIndex(db, summary, wanted);
  const counts = useHeadingCounts(loaded?.bank, summary, headingsWanted);
  const ready = counts !== undefined;
  const matching = useMemo(
    () =>
      loaded
        ? countMatching(loaded.index, applied, currentDate())
        : summary
          ? countFromSummary(summary, applied)
          : undefined,
    [loaded, summary, applied],
  );
  const testSize = practiceTestSize(applied, matching ?? 0);

  const subjectTitle = (code: string | null) =>
    code === null
      ? "None"
      : code === ALL_SUBJECTS
        ? "All subjects"
        : (subjects?.find((s) => s.code === code)?.title ?? code);
  const headingTitle = (code: string | null, any: string) =>
    code === null ? any : `${code} ${titles?.get(code) ?? ""}`.trim();

  const noSubject = subjectCode === null;
  const tree: TreeRow[] = [
    { level: "subjects", label: "Subject", value: subjectTitle(criteria.subject_id), disabled: false },
    {
      level: "topics",
      label: "Topic",
      value: headingTitle(criteria.question_topic_id, "All topics"),
      disabled: noSubject,
    },
    {
      level: "subtopics",
      label: "Subtopic",
      value: headingTitle(criteria.question_subtopic_id, "All subtopics"),
      disabled: criteria.question_topic_id === null,
    },
    {
      level: "sections",
      label: "Section",
      value: headingTitle(criteria.question_section_id, "All sections"),
      disabled: criteria.question_subtopic_id === null,
    },
  ];

  const summaryLines: [string, string][] = [
    ["Subject", subjectTitle(criteria.subject_id)],
    ...(criteria.question_topic_id
      ? [["Topic", headingTitle(criteria.question_topic_id, "")] as [string, string]]
      : []),
    ...(criteria.question_subtopic_id
      ? [["Subtopic", headingTitle(criteria.question_subtopic_id, "")] as [string, string]]
      : []),
    ...(criteria.question_section_id
      ? [["Section", headingTitle(criteria.question_section_id, "")] as [string, string]]
      : []),
    ["Include", INCLUDE_LABELS[applied.filters.include]],
    ...(applied.filters.keywords.length ? [["Keywords", applied.filters.keywords.join(", ")] as [string, string]] : []),
    ...(applied.filters.references.length
      ? [["References", applied.filters.references.join(", ")] as [string, string]]
      : []),
    ...(applied.filters.note_search.trim()
      ? [["My notes containing", applied.filters.note_search.trim()] as [string, string]]
      : []),
    ...(applied.filters.most_recent
      ? [["Most recent", `newest ${applied.filters.date_added_limit} questions`] as [string, string]]
      : []),
    ...(applied.filters.seen_in_exam
      ? [["Seen in exams", `within ${applied.filters.seen_in_exam_time} months`] as [string, string]]
      : []),
    ["Sort", SORT_LABELS[applied.display.sort]],
    ["Show answers", SHOW_ANSWERS_LABELS[applied.display.answers]],
  ];

  const start = async () => {
    if (!loaded) return;
    setStarting(true);
    try {
      // Every question: let 'Starting test... This may take a while' paint before the work.
      if (applied.display.questions === "all") await new Promise((resolve) => setTimeout(resolve, 0));
      const chosenSeed = seed ?? crypto.getRandomValues(new Uint32Array(1))[0] ?? 1;
      const ids = selectPracticeQuestions(loaded.index, applied, { seed: chosenSeed, now: currentDate() });
      const source =
        criteria.subject_id !== null
          ? subjectTitle(criteria.subject_id)
          : applied.filters.keywords.length
            ? `keywords ${applied.filters.keywords.join(" ")}`
            : applied.filters.references.length
              ? `references ${applied.filters.references.join(" ")}`
              : `my notes containing “${applied.filters.note_search.trim()}”`;
      const test = await createTest(scope, {
        test_type: "practice",
        title: `Practice test: ${source} (${ids.length} ${ids.length === 1 ? "question" : "questions"})`.slice(0, 200),
        count: ids.length,
        from: ids,
        ordered: true,
        display_answers: displayAnswers.sent(applied.display.answers),
        seed: chosenSeed,
      });
      await navigate({ to: "/test/$testId", params: { testId: test.id } });
    } catch (err) {
      showError(err, { text: PRACTICE_MESSAGES.startFailed });
      setStarting(false);
      setSummaryOpen(false);
    }
  };

  const toSettings = () => setView("settings");
  let body: ReactNode;
  let shown: View = view;
  if (view === "subjects") {
    body = (
      <ChoiceList
        heading={subjectsHeading(subjects ?? [])}
        choices={subjects && counts ? subjectChoices(subjects, counts) : undefined}
        empty={PRACTICE_MESSAGES.noSubjects}
        chosen={criteria.subject_id}
        onChoose={(id) => {
          update((c) => chooseSubject(c, id));
          toSettings();
        }}
        onBack={toSettings}
      />
    );
  } else if (view === "topics" && subjectCode) {
    body = (
      <ChoiceList
        heading="Choose a topic"
        choices={titles && counts ? headingChoices("topics", subjectCode, subjectCode, titles, counts) : undefined}
        empty={PRACTICE_MESSAGES.noTopics}
        chosen={criteria.question_topic_id}
        anyLabel="All topics"
        onChoose={(id) => {
          update((c) => chooseTopic(c, id));
          toSettings();
        }}
        onBack={toSettings}
      />
    );
  } else if (view === "subtopics" && subjectCode && criteria.question_topic_id) {
    body = (
      <ChoiceList
        heading="Choose a subtopic"
        choices={
          titles && counts
            ? headingChoices("subtopics", criteria.question_topic_id, subjectCode, titles, counts)
            : undefined
        }
        empty={PRACTICE_MESSAGES.noSubtopics}
        chosen={criteria.question_subtopic_id}
        anyLabel="All subtopics"
        onChoose={(id) => {
          update((c) => chooseSubtopic(c, id));
          toSettings();
        }}
        onBack={toSettings}
      />
    );
  } else if (view === "sections" && subjectCode && criteria.question_subtopic_id) {
    body = (
      <ChoiceList
        heading="Choose a section"
        choices={
          titles && counts
            ? headingChoices("sections", criteria.question_subtopic_id, subjectCode, titles, counts)
            : undefined
        }
        empty={PRACTICE_MESSAGES.noSections}
        chosen={criteria.question_section_id}
        anyLabel="All sections"
        onChoose={(id) => {
          update((c) => chooseSection(c, id));
          toSettings();
        }}
        onBack={toSettings}
      />
    );
  } else {
    shown = "settings";
    body = (
      <SettingsView
        criteria={criteria}
        update={update}
        tree={tree}
        onOpen={setView}
        online={online}
        subscribed={subscribed}
        flaggedEnabled={flaggedEnabled}
        seenInExamEnabled={seenInExamEnabled}
        displayAnswersEnabled={displayAnswers.offered}
        authorities={authorities}
        matching={matching}
        testSize={testSize}
        canStart={loaded !== undefined && matching !== undefined && canStartPractice(applied, matching)}
        onStart={() => setSummaryOpen(true)}
      />
    );
  }

  return (
    <Page title="Practice test" description="Questions from the bank on this device, chosen your way." busy={!ready}>
      {ready ? null : <IndexingStatus />}
      <Card padded={false} testId={`practice-view-${shown}`}>
        {body}
      </Card>
      <PracticeSummaryDialog
        isOpen={summaryOpen}
        lines={summaryLines}
        total={testSize}
        starting={starting}
        allQuestions={applied.display.questions === "all"}
        onClose={() => setSummaryOpen(false)}
        onStart={() => void start()}
      />
    </Page>
  );
}

/**
 * While the bank is read and indexed (seconds on a big bank, partly blocking the page): a
 * spinner and words, faded in after 300 ms so a quick load does not flash. Both animations are
 * the compositor's (opacity, rotation), so they keep moving while the indexing holds the page.
 */
function IndexingStatus() {
  return (
    <p
      role="status"
      data-testid="practice-indexing"
      className="flex items-center gap-3 rounded-xl bg-surface px-5 py-4 text-sm text-slate-700 ring-1 ring-slate-200 transition-opacity delay-300 duration-200 starting:opacity-0"
    >
      <span
        aria-hidden="true"
        className="size-5 shrink-0 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600"
      />
      Getting the question bank on this device ready…
    </p>
  );
}
