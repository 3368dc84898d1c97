/**
 * The editor's questions (issue 20): "From the bank" (a subject, an optional topic and how many,
 * drawn at random by the server when it saves) or "Pick by hand" (search the questions the school
 * may use, tick them; the chosen list in the order ticked, each with Remove).
 *
 * The instructor's device holds no question bank (an instructor has no syllabus and skips the
 * student's sync), so the subjects and topics offered come from what the school area has read:
 * the subjects of the school's class overviews and of the test's questions, and the topics of the
 * questions the server finds for the subject. Both fields take any code typed, and the server's
 * count of the questions that match says at once whether the codes find any.
 */
import {
  SCHOOL_TEST_LIMITS,
  SCHOOL_TEST_MESSAGES,
  type SchoolQuestion,
  type SchoolQuestionsReply,
  schoolQuestionsQuerySchema,
} from "@preflight/sync-protocol/schemas/school-tests";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { Button } from "../../ui/Button.tsx";
import { Checkbox } from "../../ui/Checkbox.tsx";
import { Choice, Choices } from "../../ui/Choices.tsx";
import { ErrorLine } from "../../ui/ErrorNotice.tsx";
import { type FieldErrors, FieldErrorText, fieldErrors, TextField } from "../../ui/FormField.tsx";
import type { EditorForm, QuestionMode, SetEditorForm } from "./model.ts";

export interface QuestionSearch {
  subject: string;
  topic?: string;
  contains?: string;
}

/** A subject the fields suggest: its code, and its title where the school area has read one. */
export interface SubjectHint {
  code: string;
  title: string | null;
}

/** The topics (and deeper headings) of the questions found, in code order. */
export function topicsOf(questions: readonly SchoolQuestion[]): string[] {
  const codes = new Set<string>();
  for (const q of questions) {
    const parts = q.syllabus_code.split(".");
    for (let depth = 2; depth <= parts.length; depth++) codes.add(parts.slice(0, depth).join("."));
  }
  return [...codes].filter((code) => schoolQuestionsQuerySchema.shape.topic.safeParse(code).success).sort();
}

/** The search the fields make, checked with the contract's query schema: the query, or its messages by field. */
function searchOf(
  subject: string,
  topic: string,
  contains = "",
): { ok: true; query: QuestionSearch } | { ok: false; errors: FieldErrors } {
  const parsed = schoolQuestionsQuerySchema.safeParse({
    subject: subject.trim(),
    ...(topic.trim() ? { topic: topic.trim() } : {}),
    ...(contains.trim() ? { contains: contains.trim() } : {}),
  });
  return parsed.success ? { ok: true, query: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}

/** What the picker and each of its two ways of choosing are given by the editor. */
interface PickerProps {
  form: EditorForm;
  set: SetEditorForm;
  errors: FieldErrors;
  subjects: readonly SubjectHint[];
  search: (query: QuestionSearch) => Promise<SchoolQuestionsReply>;
  failure: (err: unknown) => string;
}

type Found =
  | { state: "idle" }
  | { state: "busy" }
  | { state: "found"; reply: SchoolQuestionsReply }
  | { state: "failed"; message: string };

export function QuestionPicker({
  form,
  set,
  errors,
  subjects,
  search,
  failure,
  matchDelayMs = 400,
}: PickerProps & {
  /** How long the bank's count waits after the last key (0 in tests). */
  matchDelayMs?: number;
}) {
  return (
    <div className="space-y-4">
      <Choices
        legend="How the questions are chosen"
        value={form.mode}
        onChange={(mode) => set({ mode: mode as QuestionMode }, "questions")}
      >
        <Choice value="filter" testId="questions-filter">
          From the bank
        </Choice>
        <Choice value="list" testId="questions-list">
          Pick by hand
        </Choice>
      </Choices>
      {errors.questions ? <FieldErrorText>{errors.questions}</FieldErrorText> : null}
      {form.mode === "filter" ? (
        <FromTheBank
          form={form}
          set={set}
          errors={errors}
          subjects={subjects}
          search={search}
          failure={failure}
          delayMs={matchDelayMs}
        />
      ) : (
        <ByHand form={form} set={set} errors={errors} subjects={subjects} search={search} failure={failure} />
      )}
    </div>
  );
}

/** Suggestions for a code field (a datalist: the field still takes any code typed). */
function Suggestions({ id, options }: { id: string; options: readonly { value: string; label: string | null }[] }) {
  return (
    <datalist id={id}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label ?? undefined}
        </option>
      ))}
    </datalist>
  );
}

function SubjectTopicFields({
  subject,
  topic,
  onSubject,
  onTopic,
  errors,
  subjects,
  topics,
  onEnter,
}: {
  subject: string;
  topic: string;
  onSubject: (value: string) => void;
  onTopic: (value: string) => void;
  errors: FieldErrors;
  subjects: readonly SubjectHint[];
  topics: readonly string[];
  onEnter?: () => void;
}) {
  const id = useId();
  const enter = (e: KeyboardEvent) => {
    if (e.key === "Enter" && onEnter) {
      e.preventDefault();
      onEnter();
    }
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Subject"
        name="subject"
        value={subject}
        onChange={onSubject}
        error={errors.subject}
        description="Its code, e.g. 010"
        list={`${id}-subjects`}
        inputMode="numeric"
        autoComplete="off"
        aria-required
        onKeyDown={enter}
        data-testid="question-subject"
      />
      <Suggestions id={`${id}-subjects`} options={subjects.map((s) => ({ value: s.code, label: s.title }))} />
      <TextField
        label="Topic (optional)"
        name="topic"
        value={topic}
        onChange={onTopic}
        error={errors.topic}
        description="A heading of the subject, e.g. 010.01; empty for the whole subject"
        list={`${id}-topics`}
        inputMode="decimal"
        autoComplete="off"
        onKeyDown={enter}
        data-testid="question-topic"
      />
      <Suggestions id={`${id}-topics`} options={topics.map((t) => ({ value: t, label: null }))} />
    </div>
  );
}

function FromTheBank({ form, set, errors, subjects, search, failure, delayMs }: PickerProps & { delayMs: number }) {
  const [found, setFound] = useState<Found>({ state: "idle" });
  const checked = searchOf(form.subject, form.topic);
  const query = checked.ok ? checked.query : null;
  const key = query ? `${query.subject}|${query.topic ?? ""}` : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the query; `search` is the page's call.
  useEffect(() => {
    if (!query) {
      setFound({ state: "idle" });
      return;
    }
    let cancelled = false;
    setFound({ state: "busy" });
    const timer = setTimeout(() => {
      search(query).then(
        (reply) => !cancelled && setFound({ state: "found", reply }),
        (err: unknown) => !cancelled && setFound({ state: "failed", message: failure(err) }),
      );
    }, delayMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [key, delayMs]);

  const total = found.state === "found" ? found.reply.total : null;
  const count = Number(form.count);
  return (
    <div className="space-y-4">
      <SubjectTopicFields
        subject={form.subject}
        topic={form.topic}
        onSubject={(subject) => set({ subject }, "subject")}
        onTopic={(topic) => set({ topic }, "topic")}
        errors={errors}
        subjects={subjects}
        topics={found.state === "found" ? topicsOf(found.reply.questions) : []}
      />
      <p className="text-sm text-slate-700" role="status" data-testid="bank-matches">
        {found.state === "busy"
          ? "Counting the questions…"
          : found.state === "failed"
            ? found.message
            : total === null
              ? "Enter a subject to see how many questions it holds."
              : total === 0
                ? "No question matches this subject and topic."
                : `${total} ${total === 1 ? "question matches" : "questions match"}: the server draws the test's questions at random among them when you save.`}
      </p>
      <TextField
        label="Number of questions"
        name="count"
        type="number"
        inputMode="numeric"
        min={1}
        max={SCHOOL_TEST_LIMITS.questions}
        value={form.count}
        onChange={(value) => set({ count: value }, "count")}
        error={
          errors.count ?? (total !== null && count > total ? SCHOOL_TEST_MESSAGES.tooFewQuestions(total) : undefined)
        }
        description={`At most ${SCHOOL_TEST_LIMITS.questions}`}
        aria-required
        inputClassName="max-w-40"
        data-testid="question-count"
      />
    </div>
  );
}

function ByHand({ form, set, errors, subjects, search, failure }: PickerProps) {
  const [fields, setFields] = useState({ subject: "", topic: "", contains: "" });
  const [searchErrors, setSearchErrors] = useState<FieldErrors>({});
  const [found, setFound] = useState<Found>({ state: "idle" });
  const resultsId = useId();
  const chosenIds = new Set(form.chosen.map((q) => q.id));

  const run = async () => {
    const checked = searchOf(fields.subject, fields.topic, fields.contains);
    if (!checked.ok) {
      setSearchErrors(checked.errors);
      return;
    }
    setSearchErrors({});
    setFound({ state: "busy" });
    try {
      setFound({ state: "found", reply: await search(checked.query) });
    } catch (err) {
      setFound({ state: "failed", message: failure(err) });
    }
  };

  const toggle = (question: SchoolQuestion, on: boolean) =>
    set({ chosen: on ? [...form.chosen, question] : form.chosen.filter((q) => q.id !== question.id) }, "chosen");

  const topics = found.state === "found" ? topicsOf(found.reply.questions) : [];
  return (
    <div className="space-y-4">
      <search className="space-y-3" aria-label="Find questions">
        <SubjectTopicFields
          subject={fields.subject}
          topic={fields.topic}
          onSubject={(subject) => setFields({ ...fields, subject })}
          onTopic={(topic) => setFields({ ...fields, topic })}
          errors={searchErrors}
          subjects={subjects}
          topics={topics}
          onEnter={() => void run()}
        />
        <div className="flex flex-wrap items-end gap-3">
          <TextField
            label="Containing (optional)"
            name="contains"
            type="search"
            value={fields.contains}
            onChange={(contains) => setFields({ ...fields, contains })}
            error={searchErrors.contains}
            description="Words of the question or its reference"
            maxLength={100}
            className="min-w-0 flex-1"
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                void run();
              }
            }}
            data-testid="question-contains"
          />
          <Button
            variant="secondary"
            onPress={() => void run()}
            disabled={found.state === "busy"}
            testId="question-search"
            aria-controls={resultsId}
            className="mb-6"
          >
            {found.state === "busy" ? "Searching…" : "Search"}
          </Button>
        </div>
      </search>

      <div id={resultsId} aria-live="polite">
        {found.state === "failed" ? <ErrorLine message={found.message} /> : null}
        {found.state === "found" ? <FoundList reply={found.reply} chosenIds={chosenIds} onToggle={toggle} /> : null}
      </div>

      <ChosenList chosen={form.chosen} error={errors.chosen} onRemove={(q) => toggle(q, false)} />
    </div>
  );
}

/** A question as the lists show it: reference, heading code, and its text (cut to `lines` lines). */
function questionLabel(q: SchoolQuestion, lines: "line-clamp-2" | "line-clamp-4") {
  return (
    <span className="block">
      <span className="font-medium text-slate-900">{q.reference}</span>{" "}
      <span className="text-xs text-slate-600">{q.syllabus_code}</span>
      <span className={`block text-slate-700 ${lines}`}>{q.text}</span>
    </span>
  );
}

function FoundList({
  reply,
  chosenIds,
  onToggle,
}: {
  reply: SchoolQuestionsReply;
  chosenIds: ReadonlySet<number>;
  onToggle: (q: SchoolQuestion, on: boolean) => void;
}) {
  if (reply.questions.length === 0)
    return (
      <p className="text-sm text-slate-700" data-testid="question-results-none">
        No question matches this search.
      </p>
    );
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700" data-testid="question-results-count">
        {reply.total > reply.questions.length
          ? `The first ${reply.questions.length} of ${reply.total} questions: add words or a topic to find the others.`
          : `${reply.total} ${reply.total === 1 ? "question" : "questions"} found. Tick those to put in the test.`}
      </p>
      <ul
        className="relative max-h-96 divide-y divide-slate-100 overflow-y-auto rounded-lg ring-1 ring-slate-200"
        aria-label="Questions found"
        data-testid="question-results"
      >
        {reply.questions.map((q) => (
          <li key={q.id} className="px-3">
            <Checkbox
              checked={chosenIds.has(q.id)}
              onChange={(on) => onToggle(q, on)}
              testId="question-result"
              className="py-2"
            >
              {questionLabel(q, "line-clamp-4")}
            </Checkbox>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ChosenList({
  chosen,
  error,
  onRemove,
}: {
  chosen: readonly SchoolQuestion[];
  error: string | undefined;
  onRemove: (q: SchoolQuestion) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        Chosen: {chosen.length === 1 ? "1 question" : `${chosen.length} questions`}
        <span className="font-normal text-slate-600"> (at most {SCHOOL_TEST_LIMITS.questions})</span>
      </h3>
      {error ? <FieldErrorText>{error}</FieldErrorText> : null}
      {chosen.length === 0 ? (
        <p className="text-sm text-slate-600">Search for questions and tick them to choose them.</p>
      ) : (
        <ol className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200" data-testid="chosen-questions">
          {chosen.map((q, i) => (
            <li key={q.id} className="flex items-start gap-3 px-3 py-2 text-sm" data-testid="chosen-question">
              <span className="w-7 shrink-0 pt-0.5 text-right tabular-nums text-slate-600">{i + 1}.</span>
              <span className="min-w-0 flex-1" title={q.text}>
                {questionLabel(q, "line-clamp-2")}
              </span>
              <Button
                variant="quiet"
                onPress={() => onRemove(q)}
                ariaLabel={`Remove question ${q.reference}`}
                testId="chosen-remove"
                className="shrink-0 px-3"
              >
                Remove
              </Button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
