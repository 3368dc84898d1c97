import { Button } from "../../ui/Button.tsx";
import type { TreeChoice } from "../../ui/subject-tree.ts";

/**
 * One view of the builder's tree (subjects, topics, subtopics or sections): a list to choose
 * from, an optional "any" entry that clears the level, and Back to the settings.
 */
export function ChoiceList({
  heading,
  choices,
  empty,
  chosen,
  anyLabel,
  onChoose,
  onBack,
}: {
  heading: string;
  choices: TreeChoice[] | undefined;
  empty: string;
  chosen: string | null;
  /** e.g. 'All topics': chooses none of this level. */
  anyLabel?: string;
  onChoose: (id: string | null) => void;
  onBack?: () => void;
}) {
  return (
    <section aria-labelledby="practice-view-heading" data-testid="practice-choices">
      <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
        <h2 id="practice-view-heading" className="text-lg font-semibold text-slate-900">
          {heading}
        </h2>
        {onBack ? (
          <Button variant="secondary" onPress={onBack}>
            Back
          </Button>
        ) : null}
      </div>
      {choices === undefined ? (
        <p className="px-6 py-8 text-center text-slate-600">Loading…</p>
      ) : choices.length === 0 ? (
        <p className="px-6 py-8 text-center text-slate-600" data-testid="practice-empty">
          {empty}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {anyLabel ? (
            <li>
              <ChoiceButton title={anyLabel} selected={chosen === null} onPress={() => onChoose(null)} />
            </li>
          ) : null}
          {choices.map((choice) => (
            <li key={choice.id}>
              <ChoiceButton
                code={choice.id.includes(".") || /^\d{3}$/.test(choice.id) ? choice.id : undefined}
                title={choice.title}
                questions={choice.questions}
                selected={chosen === choice.id}
                onPress={() => onChoose(choice.id)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ChoiceButton({
  code,
  title,
  questions,
  selected,
  onPress,
}: {
  code?: string | undefined;
  title: string;
  questions?: number;
  selected: boolean;
  onPress: () => void;
}) {
  return (
    <Button
      variant="plain"
      onPress={onPress}
      aria-current={selected ? "true" : undefined}
      testId="practice-choice"
      className={`flex min-h-11 w-full items-center gap-3 px-5 py-3 text-left sm:px-6 ${selected ? "bg-brand-50" : "hover:bg-slate-50"}`}
    >
      {code ? (
        <span className={`${code.length > 3 ? "w-24" : "w-10"} shrink-0 font-mono text-xs text-slate-500`}>{code}</span>
      ) : null}
      <span className="min-w-0 flex-1 font-medium text-slate-900">{title}</span>
      {questions !== undefined ? (
        <span className="shrink-0 text-sm text-slate-500">
          {questions} {questions === 1 ? "question" : "questions"}
        </span>
      ) : null}
    </Button>
  );
}
