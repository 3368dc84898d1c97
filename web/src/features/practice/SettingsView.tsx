import { DISPLAY_ANSWERS } from "@preflight/sync-protocol/rules/constants";
import {
  ALL_EASA,
  addKeywords,
  addReferences,
  availableQuestionCount,
  DATE_ADDED_LIMIT_MAX,
  DATE_ADDED_LIMIT_MIN,
  DATE_SORTS,
  hasQuestionSource,
  keywordsDisabled,
  PRACTICE_INCLUDE,
  PRACTICE_MESSAGES,
  PRACTICE_SORTS,
  type PracticeCriteria,
  type PracticeInclude,
  type PracticeSort,
  referencesDisabled,
  removeKeyword,
  removeReference,
  SEEN_IN_EXAM_MONTHS_MAX,
  SEEN_IN_EXAM_MONTHS_MIN,
  setDateAddedLimit,
  setMostRecent,
  setNoteSearch,
  setSeenInExam,
  setSeenInExamTime,
  tickAllQuestions,
  typeQuestionCount,
} from "@preflight/sync-protocol/rules/practice-filter";
import { type ReactNode, useId } from "react";
import { Slider as AriaSlider, Label, SliderThumb, SliderTrack } from "react-aria-components";
import type { LocalAuthority } from "../../local/store/db.ts";
import { Button } from "../../ui/Button.tsx";
import { Checkbox } from "../../ui/Checkbox.tsx";
import { Choice, Choices } from "../../ui/Choices.tsx";
import { SearchField, TextField } from "../../ui/FormField.tsx";
import { INCLUDE_LABELS, SHOW_ANSWERS_LABELS, SORT_LABELS } from "../../ui/practice-labels.ts";
import { SelectField } from "../../ui/SelectField.tsx";
import type { TreeLevel } from "../../ui/subject-tree.ts";
import { TagInput } from "./TagInput.tsx";

type Update = (change: (c: PracticeCriteria) => PracticeCriteria) => void;

export interface TreeRow {
  level: TreeLevel;
  label: string;
  value: string;
  disabled: boolean;
}

/** The settings view: where the questions come from, the filters, the count, then Start. */
export function SettingsView({
  criteria,
  update,
  tree,
  onOpen,
  online,
  subscribed,
  flaggedEnabled,
  seenInExamEnabled,
  displayAnswersEnabled,
  authorities,
  matching,
  testSize,
  canStart,
  onStart,
}: {
  criteria: PracticeCriteria;
  update: Update;
  tree: TreeRow[];
  onOpen: (level: TreeLevel) => void;
  online: boolean;
  subscribed: boolean;
  /** The Flagged include is offered only while flagging is switched on. */
  flaggedEnabled: boolean;
  seenInExamEnabled: boolean;
  /** The Show answers choice is offered only while the display_answers switch is on. */
  displayAnswersEnabled: boolean;
  authorities: { group: string; authorities: LocalAuthority[] }[];
  matching: number | undefined;
  testSize: number;
  canStart: boolean;
  onStart: () => void;
}) {
  const f = criteria.filters;
  const sorts = PRACTICE_SORTS.filter((s) => online || !DATE_SORTS.includes(s));
  const questions = criteria.display.questions;
  const hasSource = hasQuestionSource(criteria);

  return (
    <section aria-labelledby="practice-settings-heading">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
        <h2 id="practice-settings-heading" className="text-lg font-semibold text-slate-900">
          Your questions
        </h2>
        <p
          className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700"
          aria-live="polite"
          data-testid="practice-count"
        >
          {matching === undefined
            ? "Counting…"
            : `${matching} ${matching === 1 ? "question matches" : "questions match"}`}
        </p>
      </div>

      <div className="grid gap-6 px-5 py-5 sm:px-6 md:grid-cols-2">
        <Group title="Questions from">
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
            {tree.map((row) => (
              <li key={row.level}>
                <Button
                  variant="plain"
                  disabled={row.disabled}
                  onPress={() => onOpen(row.level)}
                  testId={`practice-open-${row.level}`}
                  className="flex min-h-11 w-full items-center gap-3 px-3 py-2.5 text-left text-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
                >
                  <span className="w-20 shrink-0 font-medium text-slate-800">{row.label}</span>
                  <span className="min-w-0 flex-1 truncate">{row.value}</span>
                  <span aria-hidden="true" className="text-slate-400">
                    ›
                  </span>
                </Button>
              </li>
            ))}
          </ul>
          <TagInput
            label="Keywords"
            tags={f.keywords}
            disabled={keywordsDisabled(criteria)}
            disabledHint="Remove the references to search by keywords"
            placeholder="Words in the question, e.g. pressure altitude"
            onAdd={(text) => update((c) => addKeywords(c, text))}
            onRemove={(tag) => update((c) => removeKeyword(c, tag))}
          />
          <TagInput
            label="References"
            tags={f.references}
            disabled={referencesDisabled(criteria)}
            disabledHint="Remove the keywords to search by reference"
            placeholder="Start of a reference, e.g. AL-01"
            onAdd={(text) => update((c) => addReferences(c, text))}
            onRemove={(tag) => update((c) => removeReference(c, tag))}
          />
          <SearchField
            label="My notes containing"
            value={f.note_search}
            onChange={(text) => update((c) => setNoteSearch(c, text))}
            placeholder="Words in your notes on questions"
            testId="practice-note-search"
          />
        </Group>

        <Group title="Filters">
          <SelectField
            label="Include"
            value={f.include}
            onChange={(include) =>
              update((c) => ({ ...c, filters: { ...c.filters, include: include as PracticeInclude } }))
            }
          >
            {PRACTICE_INCLUDE.filter((value) => value !== "flagged" || flaggedEnabled).map((value) => (
              <option key={value} value={value}>
                {INCLUDE_LABELS[value]}
              </option>
            ))}
          </SelectField>
          {online ? (
            <div data-testid="practice-most-recent">
              <Checkbox checked={f.most_recent} onChange={(on) => update((c) => setMostRecent(c, on))}>
                Most recent
              </Checkbox>
              <Slider
                label="Date added"
                min={DATE_ADDED_LIMIT_MIN}
                max={DATE_ADDED_LIMIT_MAX}
                value={f.date_added_limit}
                disabled={!f.most_recent}
                valueText={`newest ${f.date_added_limit} questions`}
                describeByText
                onChange={(n) => update((c) => setDateAddedLimit(c, n))}
              />
            </div>
          ) : null}
          {online && seenInExamEnabled ? (
            <div data-testid="practice-seen-in-exam">
              <Checkbox checked={f.seen_in_exam} onChange={(on) => update((c) => setSeenInExam(c, on))}>
                Seen in exams
              </Checkbox>
              <Slider
                label="Within"
                min={SEEN_IN_EXAM_MONTHS_MIN}
                max={SEEN_IN_EXAM_MONTHS_MAX}
                value={f.seen_in_exam_time}
                disabled={!f.seen_in_exam}
                valueText={`${f.seen_in_exam_time} ${f.seen_in_exam_time === 1 ? "month" : "months"}`}
                formatOptions={{ style: "unit", unit: "month", unitDisplay: "long" }}
                onChange={(n) => update((c) => setSeenInExamTime(c, n))}
              />
              <SelectField
                label="Authority"
                className="mt-2"
                value={f.authority}
                disabled={!f.seen_in_exam}
                onChange={(authority) => update((c) => ({ ...c, filters: { ...c.filters, authority } }))}
              >
                {authorities.length === 0 ? <option value={ALL_EASA}>All EASA member states</option> : null}
                {authorities.map(({ group, authorities: list }) => (
                  <optgroup key={group} label={group}>
                    {list.map((a) => (
                      <option key={a.id} value={a.id}>
                        {a.title}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </SelectField>
            </div>
          ) : null}
          {subscribed ? (
            <SelectField
              label="Sort"
              value={criteria.display.sort}
              onChange={(sort) => update((c) => ({ ...c, display: { ...c.display, sort: sort as PracticeSort } }))}
            >
              {sorts.map((value) => (
                <option key={value} value={value}>
                  {SORT_LABELS[value]}
                </option>
              ))}
            </SelectField>
          ) : null}
          {subscribed && displayAnswersEnabled ? (
            <Choices
              legend="Show answers"
              value={criteria.display.answers}
              onChange={(value) =>
                update((c) => ({ ...c, display: { ...c.display, answers: value as typeof c.display.answers } }))
              }
            >
              {DISPLAY_ANSWERS.map((value) => (
                <Choice key={value} value={value}>
                  {SHOW_ANSWERS_LABELS[value]}
                </Choice>
              ))}
            </Choices>
          ) : null}
        </Group>
      </div>

      <div className="flex flex-wrap items-end gap-4 border-t border-slate-100 px-5 py-4 sm:px-6">
        <TextField
          label="Number of questions"
          name="questions"
          className="w-44"
          inputMode="numeric"
          autoComplete="off"
          value={typeof questions === "number" ? String(questions) : ""}
          placeholder={`1 to ${availableQuestionCount(criteria, matching)}`}
          onChange={(text) => update((c) => typeQuestionCount(c, text))}
        />
        <Checkbox checked={questions === "all"} onChange={(on) => update((c) => tickAllQuestions(c, on))}>
          All questions
        </Checkbox>
        <div className="ml-auto flex items-center gap-3">
          {matching !== undefined && questions !== null && matching > 0 ? (
            <span className="text-sm text-slate-600" data-testid="practice-test-size">
              Your test: {testSize} {testSize === 1 ? "question" : "questions"}
            </span>
          ) : null}
          <Button onPress={onStart} disabled={!canStart} className="px-6">
            Start
          </Button>
        </div>
      </div>
      {matching === 0 && hasSource ? (
        <p className="mx-5 mb-5 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 sm:mx-6" role="status">
          {PRACTICE_MESSAGES.noQuestions}
        </p>
      ) : null}
    </section>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-4">
      <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{title}</h3>
      {children}
    </div>
  );
}

/** A range on React Aria's Slider: the label, the track with its thumb, and the value in words. */
function Slider({
  label,
  min,
  max,
  value,
  disabled,
  valueText,
  formatOptions,
  describeByText = false,
  onChange,
}: {
  label: string;
  min: number;
  max: number;
  value: number;
  disabled: boolean;
  valueText: string;
  /** How the value is read out (the thumb's aria-valuetext). */
  formatOptions?: Intl.NumberFormatOptions;
  /** The value in words describes the thumb, where the number alone says too little. */
  describeByText?: boolean;
  onChange: (value: number) => void;
}) {
  const textId = useId();
  return (
    <AriaSlider
      minValue={min}
      maxValue={max}
      value={value}
      isDisabled={disabled}
      formatOptions={formatOptions}
      onChange={onChange}
      className="group mt-1 flex items-center gap-3"
    >
      <Label className={`w-24 shrink-0 text-sm ${disabled ? "text-slate-500" : "text-slate-700"}`}>{label}</Label>
      <SliderTrack className="relative h-11 min-w-0 flex-1 data-[disabled]:opacity-40">
        {({ state }) => (
          <>
            <div className="absolute top-1/2 h-1.5 w-full -translate-y-1/2 rounded-full bg-slate-200" />
            <div
              className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-brand-600"
              style={{ width: `${state.getThumbPercent(0) * 100}%` }}
            />
            <SliderThumb
              aria-describedby={describeByText ? textId : undefined}
              className="top-1/2 h-5 w-5 rounded-full border-2 border-white bg-brand-600 shadow ring-1 ring-slate-300 data-[dragging]:bg-brand-700 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-500"
            />
          </>
        )}
      </SliderTrack>
      <span
        id={textId}
        className={`shrink-0 text-right text-sm whitespace-nowrap ${disabled ? "text-slate-500" : "text-slate-700"}`}
      >
        {valueText}
      </span>
    </AriaSlider>
  );
}
