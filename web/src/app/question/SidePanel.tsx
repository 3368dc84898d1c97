import { countTimes, formatDate } from "@preflight/sync-protocol/rules/format";
import { scorePercentage } from "@preflight/sync-protocol/rules/pass-mark";
import { EASA_LEARNING_OBJECTIVE_VERSION } from "@preflight/sync-protocol/rules/question";
import { useLiveQuery } from "dexie-react-hooks";
import type { LocalScope } from "../../local/outbox/action.ts";
import type { LocalShownQuestion, UserDb } from "../../local/store/db.ts";
import { deferred } from "../../ui/deferred.tsx";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { ReviewMarkToggle } from "./ReviewMarkToggle.tsx";

/**
 * The note editor is fetched the first time a panel shows it: a question paints without it, and
 * the pages with a panel list one chunk less before they start. The service worker precaches it,
 * so it opens offline too.
 */
const { Deferred: NoteEditor } = deferred(() => import("./NoteEditor.tsx").then((m) => m.NoteEditor));

function monthLabel(month: string): string {
  const [year, m] = month.split("-");
  return new Date(Number(year), Number(m) - 1, 1).toLocaleDateString(undefined, { month: "long", year: "numeric" });
}

/** Statistics over every student, the learning objectives, and this student's seen-in-exam reports. */
function useInfo(db: UserDb, questionId: number) {
  return useLiveQuery(async () => {
    const [stats, seen, authorities, flag] = await Promise.all([
      db.questionStats.get(questionId),
      db.seenInExam.where("questionId").equals(questionId).toArray(),
      db.authorities.toArray(),
      db.flags.get(questionId),
    ]);
    const titles = new Map(authorities.map((a) => [a.id, a.title]));
    return {
      stats,
      flag,
      seen: seen
        .sort((a, b) => b.date_seen.localeCompare(a.date_seen))
        .map((s) => ({ id: s.id, date_seen: s.date_seen, authority: titles.get(s.authority) ?? s.authority })),
    };
  }, [db, questionId]);
}

/**
 * The side help panel: the explanation and answer images once answers may be shown, the
 * student's mark for review and note on the question, and the information card. Under
 * /test/flagged the card shows the flag instead of the test statistics, and the note links to
 * every note (a test's panel does not send the student away from the test).
 */
export function SidePanel({
  scope,
  question,
  revealed,
  variant = "test",
  markable = true,
}: {
  scope: LocalScope;
  /** A withheld question (its school keeps the answer) has no explanation or reference to show. */
  question: LocalShownQuestion;
  revealed: boolean;
  variant?: "test" | "flagged";
  /** Whether the mark for review is offered (not while an exam runs: rules/review-marks.ts). */
  markable?: boolean;
}) {
  const info = useInfo(scope.db, question.id);
  const stats = info?.stats;
  return (
    <div className="space-y-4" data-testid="side-panel">
      {revealed && question.explanation !== undefined ? (
        <section className="rounded-xl bg-surface p-5 shadow-sm ring-1 ring-slate-200" data-testid="explanation">
          <h2 className="mb-2 font-semibold">Explanation</h2>
          <SafeHtml html={question.explanation} className="prose-explanation text-sm leading-relaxed text-slate-700" />
          {question.answer_images.length > 0 ? (
            <div className="mt-3 space-y-2">
              {question.answer_images.map((image) => (
                <img
                  key={image.file}
                  src={`/content/${image.file}`}
                  alt="Worked answer"
                  className="rounded-md border border-slate-200"
                />
              ))}
            </div>
          ) : null}
        </section>
      ) : null}
      {markable ? <ReviewMarkToggle scope={scope} questionId={question.id} look="card" /> : null}
      <NoteEditor key={question.id} scope={scope} questionId={question.id} showAllLink={variant === "flagged"} />
      <section className="rounded-xl bg-surface p-5 text-sm shadow-sm ring-1 ring-slate-200" data-testid="info-card">
        <h2 className="mb-3 font-semibold">Information</h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-slate-700">
          {variant === "test" ? (
            <>
              <dt className="text-slate-500">Answered</dt>
              <dd data-testid="stat-answered">{stats ? countTimes(stats.answered) : "No statistics yet"}</dd>
              <dt className="text-slate-500">Answered correctly</dt>
              <dd data-testid="stat-correct">
                {stats && stats.answered > 0 ? `${scorePercentage(stats.sum_correct, stats.answered)}%` : "–"}
              </dd>
              <dt className="text-slate-500">Last updated</dt>
              <dd>{stats?.updated ? formatDate(new Date(stats.updated)) : "–"}</dd>
            </>
          ) : (
            <>
              <dt className="text-slate-500">Flagged</dt>
              <dd>{info?.flag?.flagged ? formatDate(new Date(info.flag.updatedAt)) : "Not flagged"}</dd>
            </>
          )}
          <dt className="text-slate-500">Reference</dt>
          <dd className="font-mono">{question.reference ?? "–"}</dd>
        </dl>
        <h3 className="mt-4 mb-1 font-medium">Learning objectives</h3>
        <ul className="space-y-0.5 font-mono text-xs text-slate-700" data-testid="learning-objectives">
          {question.learning_objectives.map((code) => (
            <li key={code}>
              {code} <span className="text-slate-600">(version {EASA_LEARNING_OBJECTIVE_VERSION})</span>
            </li>
          ))}
        </ul>
        <h3 className="mt-4 mb-1 font-medium">Seen in exam</h3>
        {info?.seen.length ? (
          <ul className="space-y-0.5 text-slate-700" data-testid="seen-in-exam-list">
            {info.seen.map((s) => (
              <li key={s.id}>
                {monthLabel(s.date_seen)} · {s.authority}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-500">Not reported yet.</p>
        )}
      </section>
    </div>
  );
}
