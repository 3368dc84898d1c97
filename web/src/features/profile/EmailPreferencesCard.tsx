/**
 * The Email Preferences card (spec accounts 2: one checkbox per preference): Save hands the ticked
 * ids to `onSave`. Its id `email-preferences` lets /profile#email-preferences (the free trial's
 * privacy text links there) land on it. Pure.
 */
import type { EmailPreference } from "@preflight/sync-protocol/schemas/profile";
import { useEffect, useState } from "react";
import { Button } from "../../ui/Button.tsx";
import { Checkbox } from "../../ui/Checkbox.tsx";
import { Card } from "./fields.tsx";

export const EMAIL_PREFERENCES_ID = "email-preferences";

const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

export function EmailPreferencesCard({
  preferences,
  chosen,
  readOnly,
  onSave,
}: {
  preferences: EmailPreference[];
  /** The ids the student has ticked, as saved. */
  chosen: number[];
  /** An offline-linked account edits in the online product. */
  readOnly: boolean;
  /** Saves the ticked ids; resolves once kept (or refused). */
  onSave: (ids: number[]) => Promise<unknown>;
}) {
  const saved = sorted(chosen).join(",");
  const [ticked, setTicked] = useState<Set<number>>(() => new Set(chosen));
  const [busy, setBusy] = useState(false);
  // What the device holds changed (a save, a pull): start again from it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `saved` is the value of `chosen`
  useEffect(() => setTicked(new Set(chosen)), [saved]);
  const changed = sorted(ticked).join(",") !== saved;

  const toggle = (id: number, on: boolean) =>
    setTicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const save = async () => {
    setBusy(true);
    try {
      await onSave(sorted(ticked));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card id={EMAIL_PREFERENCES_ID} title="Email Preferences" testId="email-preferences">
      {preferences.length === 0 ? (
        <p className="text-sm text-slate-600">There are no email preferences to choose from.</p>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <fieldset>
            <legend className="mb-2 text-sm text-slate-600">Choose which e-mails you would like to receive.</legend>
            <ul className="space-y-1">
              {preferences.map((p) => (
                <li key={p.id}>
                  <Checkbox
                    name="preferences"
                    value={String(p.id)}
                    checked={ticked.has(p.id)}
                    disabled={readOnly || busy}
                    onChange={(on) => toggle(p.id, on)}
                    className="rounded-md px-2 hover:bg-slate-50 data-[disabled]:hover:bg-transparent"
                    testId="email-preference"
                  >
                    {p.text}
                  </Checkbox>
                </li>
              ))}
            </ul>
          </fieldset>
          {readOnly ? null : (
            <div className="mt-4 flex justify-end border-t border-slate-100 pt-4">
              <Button type="submit" disabled={!changed || busy} testId="email-preferences-save">
                {busy ? "Saving…" : "Save"}
              </Button>
            </div>
          )}
        </form>
      )}
    </Card>
  );
}
