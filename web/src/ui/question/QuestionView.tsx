import { answerLetter } from "@preflight/sync-protocol/rules/format";
import type { ShownQuestion } from "@preflight/sync-protocol/rules/withheld-answers";
import { Fragment, type ReactNode } from "react";
import { Checkbox, CheckboxGroup, Input, Label, Radio, RadioGroup, TextField } from "react-aria-components";
import { ImageCarousel } from "../images/ImageCarousel.tsx";
import { SafeHtml } from "../SafeHtml.tsx";
import { type Draft, toggleByIndex } from "./draft.ts";

/**
 * One question and the student's draft answer, for all four question types. When `revealed`,
 * the correct answers are marked and the student's choice shown right or wrong; never before.
 */
export function QuestionView({
  question,
  draft,
  onChange,
  disabled,
  revealed = false,
}: {
  question: ShownQuestion;
  draft: Draft;
  onChange: (draft: Draft) => void;
  disabled?: boolean;
  revealed?: boolean;
}) {
  return (
    <div className="space-y-5">
      {question.type === "cloze" && draft.kind === "gaps" ? (
        <ClozeText question={question} draft={draft} onChange={onChange} disabled={disabled} />
      ) : (
        <SafeHtml html={question.question} className="text-lg leading-relaxed" />
      )}
      {question.annex_images.length > 0 ? (
        <ImageCarousel key={question.id} images={question.annex_images} label="Annex" expected />
      ) : null}
      {question.type === "multiple_select" ? (
        <p className="text-sm text-slate-600">Select {question.total_correct} answers.</p>
      ) : null}
      {draft.kind === "ids" ? (
        <AnswerOptions question={question} draft={draft} onChange={onChange} disabled={disabled}>
          {question.answers.map((answer, index) => {
            const selected = draft.ids.includes(answer.id);
            const verdict = revealed ? (answer.correct ? "correct" : selected ? "incorrect" : null) : null;
            const tone =
              verdict === "correct"
                ? "border-emerald-500 bg-emerald-50 ring-2 ring-emerald-100"
                : verdict === "incorrect"
                  ? "border-red-400 bg-red-50 ring-2 ring-red-100"
                  : selected
                    ? "border-brand-500 bg-brand-50 ring-2 ring-brand-100"
                    : "border-slate-200 bg-surface hover:border-brand-500/50";
            const optionClass = `flex w-full items-start gap-3 rounded-lg border px-4 py-3 text-left transition-colors data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-500 ${tone} ${
              disabled ? "cursor-default" : "cursor-pointer"
            }`;
            const optionBody = (
              <>
                <span
                  className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold uppercase ${
                    selected ? "bg-primary text-white" : "bg-slate-100 text-slate-700"
                  }`}
                >
                  {answerLetter(index)}
                </span>
                <SafeHtml html={answer.answer} className="flex-1 pt-0.5" />
                {verdict ? (
                  <span
                    data-verdict={verdict}
                    className={`shrink-0 pt-0.5 text-sm font-semibold ${verdict === "correct" ? "text-emerald-700" : "text-red-700"}`}
                  >
                    {verdict === "correct" ? (selected ? "✓ Correct" : "✓ Correct answer") : "✗ Incorrect"}
                  </span>
                ) : null}
              </>
            );
            const Option = question.type === "multiple_choice" ? Radio : Checkbox;
            return (
              <li key={answer.id}>
                <Option value={String(answer.id)} className={optionClass}>
                  {optionBody}
                </Option>
              </li>
            );
          })}
        </AnswerOptions>
      ) : null}
      {draft.kind === "text" ? (
        <TextField
          value={draft.text}
          isDisabled={disabled}
          onChange={(text) => onChange({ kind: "text", text })}
          className="flex max-w-xs items-center gap-2"
        >
          <Label className="sr-only">Your answer</Label>
          <Input
            inputMode="decimal"
            className="w-40 rounded-md border border-slate-300 px-3 py-2 text-lg tabular-nums focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
          />
          <span className="text-slate-600">{question.text_range?.units}</span>
        </TextField>
      ) : null}
      {draft.kind === "text" && revealed && question.text_range ? (
        <p className="text-sm text-slate-700" data-testid="text-solution">
          Correct answer: {question.text_range.exact} {question.text_range.units}
          {question.text_range.min === question.text_range.max
            ? null
            : ` (accepted ${question.text_range.min} to ${question.text_range.max})`}
        </p>
      ) : null}
      {draft.kind === "gaps" && revealed ? (
        <div className="text-sm text-slate-700" data-testid="cloze-solution">
          <p className="font-medium">Correct answers</p>
          <ol className="mt-1 space-y-0.5">
            {Array.from(new Set(question.answers.map((a) => a.group ?? 1))).map((group) => {
              const right = question.answers.find((a) => a.group === group && a.correct);
              const chosen = draft.gaps[group - 1];
              const verdict = chosen === undefined || chosen === null ? null : chosen === right?.id;
              return (
                <li key={group}>
                  Gap {group}: {right?.answer.replace(/<[^>]+>/g, "")}{" "}
                  {verdict === null ? null : (
                    <span className={verdict ? "text-emerald-700" : "text-red-700"}>
                      {verdict ? "✓ your choice" : "✗ not your choice"}
                    </span>
                  )}
                </li>
              );
            })}
          </ol>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The answers of a multiple choice (React Aria RadioGroup) or multiple select (CheckboxGroup)
 * question, as a list. A change goes through `toggleByIndex`, as the letter keys do. Arrow keys
 * in the radio group move the choice, as a browser's radios do; the test screen keeps ← and →
 * for the previous and next question (features/test/TestView.tsx).
 */
function AnswerOptions({
  question,
  draft,
  onChange,
  disabled,
  children,
}: {
  question: ShownQuestion;
  draft: Extract<Draft, { kind: "ids" }>;
  onChange: (draft: Draft) => void;
  disabled?: boolean | undefined;
  children: ReactNode;
}) {
  const toggle = (id: number) => {
    const index = question.answers.findIndex((answer) => answer.id === id);
    if (index >= 0) onChange(toggleByIndex(question, draft, index));
  };
  const list = <ol className="space-y-2">{children}</ol>;
  if (question.type === "multiple_choice")
    return (
      <RadioGroup
        aria-label="Answers"
        value={draft.ids[0] === undefined ? null : String(draft.ids[0])}
        onChange={(value) => toggle(Number(value))}
        isDisabled={disabled}
      >
        {list}
      </RadioGroup>
    );
  const chosen = draft.ids.map(String);
  return (
    <CheckboxGroup
      aria-label="Answers"
      value={chosen}
      onChange={(values) => {
        const changed = values.find((v) => !chosen.includes(v)) ?? chosen.find((v) => !values.includes(v));
        if (changed !== undefined) toggle(Number(changed));
      }}
      isDisabled={disabled}
    >
      {list}
    </CheckboxGroup>
  );
}

function ClozeText({
  question,
  draft,
  onChange,
  disabled,
}: {
  question: ShownQuestion;
  draft: Extract<Draft, { kind: "gaps" }>;
  onChange: (draft: Draft) => void;
  disabled?: boolean | undefined;
}) {
  // split() alternates text and gap numbers: text, "1", text, "2", text …
  const segments = question.question
    .split(/\{\{(\d+)\}\}/)
    .map((part, i) => (i % 2 === 0 ? { key: `text-${i}`, text: part } : { key: `gap-${part}`, group: Number(part) }));
  return (
    <p className="text-lg leading-loose">
      {segments.map((segment) => {
        if (segment.text !== undefined) return <SafeHtml key={segment.key} html={segment.text} inline />;
        const group = segment.group;
        const options = question.answers.filter((a) => a.group === group);
        return (
          <Fragment key={`g${group}`}>
            <select
              aria-label={`Gap ${group}`}
              disabled={disabled}
              value={draft.gaps[group - 1] ?? ""}
              onChange={(e) => {
                const gaps = [...draft.gaps];
                gaps[group - 1] = e.target.value === "" ? null : Number(e.target.value);
                onChange({ kind: "gaps", gaps });
              }}
              className="mx-1 rounded-md border border-slate-300 bg-surface px-2 py-1 text-base"
            >
              <option value="">({group}) choose…</option>
              {options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.answer.replace(/<[^>]+>/g, "")}
                </option>
              ))}
            </select>
          </Fragment>
        );
      })}
    </p>
  );
}
