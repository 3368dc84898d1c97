import { useId } from "react";
import { useSignedIn } from "../../app/session-context.tsx";
import { type FilterInput, type SubjectChoice, withSubject } from "./flagged-model.ts";
import { useTopicChoices } from "./queries.ts";

const FIELD =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-400";

/** Subject, Topic and Contains; Topic and Contains are disabled until a subject is chosen (spec). */
export function FlaggedFilters({
  subjects,
  input,
  onInput,
}: {
  subjects: SubjectChoice[];
  input: FilterInput;
  onInput: (input: FilterInput) => void;
}) {
  const { scope } = useSignedIn();
  const topics = useTopicChoices(scope.db, input.subject) ?? [];
  const ids = { subject: useId(), topic: useId(), contains: useId() };
  const noSubject = input.subject === "";

  return (
    <div className="grid gap-3 sm:grid-cols-3" data-testid="flagged-filters">
      <div>
        <label htmlFor={ids.subject} className="mb-1 block text-sm font-medium text-slate-800">
          Subject
        </label>
        <select
          id={ids.subject}
          value={input.subject}
          onChange={(e) => onInput(withSubject(input, e.target.value))}
          className={FIELD}
        >
          <option value="">Select a subject</option>
          {subjects.map((s) => (
            <option key={s.code} value={s.code}>
              {s.code} {s.title} ({s.flagged})
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.topic} className="mb-1 block text-sm font-medium text-slate-800">
          Topic
        </label>
        <select
          id={ids.topic}
          value={input.topic}
          disabled={noSubject}
          onChange={(e) => onInput({ ...input, topic: e.target.value })}
          className={FIELD}
        >
          <option value="">All topics</option>
          {topics.map((t) => (
            <option key={t.id} value={t.id}>
              {t.id === t.title ? t.id : `${t.id} ${t.title}`}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.contains} className="mb-1 block text-sm font-medium text-slate-800">
          Contains
        </label>
        <input
          id={ids.contains}
          type="search"
          value={input.contains}
          disabled={noSubject}
          onChange={(e) => onInput({ ...input, contains: e.target.value })}
          placeholder="Words or a reference"
          className={FIELD}
        />
      </div>
    </div>
  );
}
