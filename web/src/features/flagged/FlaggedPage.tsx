import { FLAGGED_PAGE_SIZE, flaggedPageCount } from "@preflight/sync-protocol/rules/flagged-list";
import { Link, useLocation, useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSignedIn } from "../../app/session-context.tsx";
import { buttonClass } from "../../ui/Button.tsx";
import { Card, Page } from "../../ui/Page.tsx";
import { FlaggedList } from "./FlaggedList.tsx";
import { FlaggedQuestionDetail } from "./FlaggedQuestionDetail.tsx";
import {
  detailSequence,
  EMPTY_FILTER_INPUT,
  type FilterInput,
  filterFlagged,
  openingInput,
  questionHash,
  questionIdOfHash,
  toFlaggedFilter,
} from "./flagged-model.ts";
import { useFlaggedNotes } from "./notes.ts";
import { useFlaggedEntries } from "./queries.ts";

const NO_FLAGGED_NOTES: ReadonlyMap<number, string> = new Map();

/**
 * /test/flagged: the student's flagged questions, read from the device (offline too). The
 * list and its filters; the detail view of one question at #question-{id}. Filters and page
 * live here, so they are kept while a question is open and the list comes back as it was.
 */
export function FlaggedPage() {
  const { scope, session } = useSignedIn();
  const navigate = useNavigate();
  const hash = useLocation({ select: (location) => location.hash });
  const entries = useFlaggedEntries(scope.db);
  const notes = useFlaggedNotes(scope.db, entries);
  // Until the student picks, the list shows the subject flagged last (openingInput); a question
  // opened from elsewhere (the dashboard, its address) steps through every flag.
  const [picked, setInput] = useState<FilterInput | null>(null);
  const input = useMemo(() => picked ?? (entries ? openingInput(entries) : EMPTY_FILTER_INPUT), [picked, entries]);
  const [page, setPage] = useState(1);

  const filter = useMemo(() => toFlaggedFilter(input), [input]);
  const filtered = useMemo(() => filterFlagged(entries ?? [], filter, notes), [entries, filter, notes]);
  const filteredIds = useMemo(() => filtered.map((e) => e.question.id), [filtered]);
  const pickedIds = useMemo(
    () => (picked ? filterFlagged(entries ?? [], toFlaggedFilter(picked), notes).map((e) => e.question.id) : []),
    [picked, entries, notes],
  );
  const allIds = useMemo(() => (entries ?? []).map((e) => e.question.id), [entries]);
  const openId = questionIdOfHash(hash);

  // Opening a question from the list adds a history entry (Back returns to the list); stepping
  // between questions replaces it.
  const open = useCallback(
    (questionId: number | null, replace = false) =>
      void navigate({ to: "/test/flagged", hash: questionId === null ? "" : questionHash(questionId), replace }),
    [navigate],
  );

  // Coming back to the list (Back, the button, a cleared address) shows the page of the
  // question last viewed, scrolled into view.
  const lastViewed = useRef<number | null>(null);
  useEffect(() => {
    if (openId !== null) {
      lastViewed.current = openId;
      return;
    }
    const last = lastViewed.current;
    if (last === null) return;
    lastViewed.current = null;
    const index = filteredIds.indexOf(last);
    if (index < 0) return;
    setPage(Math.floor(index / FLAGGED_PAGE_SIZE) + 1);
    requestAnimationFrame(() => document.getElementById(`flagged-card-${last}`)?.scrollIntoView({ block: "center" }));
  }, [openId, filteredIds]);

  if (!session.user.features.flagged)
    return (
      <Page title="Flagged questions" width="narrow">
        <Card>
          <p>Flagged questions are not enabled.</p>
          <Link to="/dashboard" className={buttonClass("secondary", "mt-4")}>
            Go to dashboard
          </Link>
        </Card>
      </Page>
    );
  if (entries === undefined)
    return (
      <Page title="Flagged questions" busy>
        <p className="text-slate-600">Loading flagged questions…</p>
      </Page>
    );

  if (openId !== null)
    return (
      <FlaggedQuestionDetail
        key="detail"
        questionId={openId}
        initialSequence={() => detailSequence(openId, pickedIds, allIds)}
        onOpen={(id) => open(id, true)}
        onClose={() => open(null)}
      />
    );

  const pageCount = flaggedPageCount(filtered.length);
  return (
    <FlaggedList
      entries={entries}
      filtered={filtered}
      notes={notes ?? NO_FLAGGED_NOTES}
      input={input}
      onInput={(next) => {
        setInput(next);
        // Spec: changing the filter (Contains included) goes back to page 1.
        setPage(1);
      }}
      page={Math.min(page, pageCount)}
      onPage={setPage}
      onOpen={(id) => {
        // The list the student saw is the one the question steps through.
        setInput(input);
        open(id);
      }}
    />
  );
}
