import { useSignedIn } from "../../app/session-context.tsx";
import { SearchField } from "../../ui/FormField.tsx";
import { SelectField } from "../../ui/SelectField.tsx";
import { type FilterInput, type SubjectChoice, withSubject } from "./flagged-model.ts";
import { useTopicChoices } from "./queries.ts";

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
  const noSubject = input.subject === "";

  return (
    <div className="grid gap-3 sm:grid-cols-3" data-testid="flagged-filters">
      <SelectField label="Subject" value={input.subject} onChange={(subject) => onInput(withSubject(input, subject))}>
        <option value="">Select a subject</option>
        {subjects.map((s) => (
          <option key={s.code} value={s.code}>
            {s.code} {s.title} ({s.flagged})
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Topic"
        value={input.topic}
        disabled={noSubject}
        onChange={(topic) => onInput({ ...input, topic })}
      >
        <option value="">All topics</option>
        {topics.map((t) => (
          <option key={t.id} value={t.id}>
            {t.id === t.title ? t.id : `${t.id} ${t.title}`}
          </option>
        ))}
      </SelectField>
      <SearchField
        label="Contains"
        value={input.contains}
        disabled={noSubject}
        onChange={(contains) => onInput({ ...input, contains })}
        placeholder="Words, a reference or your note"
      />
    </div>
  );
}
