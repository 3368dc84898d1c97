import { useState } from "react";
import { Input, Label, TextField } from "react-aria-components";
import { Button } from "../../ui/Button.tsx";
import { LABEL_CLASS } from "../../ui/field-look.ts";

/**
 * Keywords or references as tags: text is split on spaces into tags when the student presses
 * Enter, types a space or leaves the field. Disabled while the other kind has tags (spec).
 */
export function TagInput({
  label,
  tags,
  disabled,
  disabledHint,
  placeholder,
  onAdd,
  onRemove,
}: {
  label: string;
  tags: string[];
  disabled: boolean;
  disabledHint: string;
  placeholder: string;
  onAdd: (text: string) => void;
  onRemove: (tag: string) => void;
}) {
  const [text, setText] = useState("");
  const commit = (value: string) => {
    if (value.trim() !== "") onAdd(value);
    setText("");
  };
  return (
    <TextField
      value={text}
      isDisabled={disabled}
      onChange={(value) => {
        // A space ends a tag; what follows it starts the next.
        if (/\s$/.test(value)) commit(value);
        else setText(value);
      }}
      onBlur={() => commit(text)}
    >
      <Label className={LABEL_CLASS}>{label}</Label>
      <div
        className={`flex flex-wrap items-center gap-1.5 rounded-md border px-2 py-1.5 ${disabled ? "border-slate-200 bg-slate-100" : "border-slate-300 bg-surface focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-100"}`}
      >
        {tags.map((tag) => (
          <span
            key={tag}
            className="inline-flex items-center gap-1 rounded bg-brand-50 py-0.5 pr-1 pl-2 text-sm text-brand-800"
            data-testid={`${label.toLowerCase()}-tag`}
          >
            {tag}
            <Button
              variant="plain"
              onPress={() => onRemove(tag)}
              ariaLabel={`Remove ${tag}`}
              className="rounded px-1 text-brand-700 hover:bg-brand-100"
            >
              ×
            </Button>
          </span>
        ))}
        <Input
          placeholder={disabled ? disabledHint : placeholder}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              commit(text);
            } else if (e.key === "Backspace" && text === "" && tags.length > 0) {
              onRemove(tags[tags.length - 1] as string);
            }
          }}
          className="min-w-[8rem] flex-1 bg-transparent px-1 py-1 text-sm outline-none disabled:cursor-not-allowed"
        />
      </div>
    </TextField>
  );
}
