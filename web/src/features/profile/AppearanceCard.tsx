/**
 * Appearance: light or dark, or as the system says (issue 17). The choice belongs to this device
 * (app/theme.ts keeps it in localStorage), so it applies at once and is not synced.
 */
import { Label, Radio, RadioGroup } from "react-aria-components";
import { setThemePreference, type ThemePreference, useThemePreference } from "../../app/theme.ts";
import { Card } from "./fields.tsx";

const CHOICES: { id: ThemePreference; label: string }[] = [
  { id: "system", label: "System" },
  { id: "light", label: "Light" },
  { id: "dark", label: "Dark" },
];

export function AppearanceCard() {
  const preference = useThemePreference();
  return (
    <Card title="Appearance" testId="appearance">
      <RadioGroup
        value={preference}
        onChange={(value) => setThemePreference(value as ThemePreference)}
        orientation="horizontal"
        className="space-y-2"
        data-testid="theme-choice"
      >
        <Label className="block text-sm text-slate-600">Theme</Label>
        <div className="inline-flex rounded-lg bg-slate-100 p-1 ring-1 ring-slate-200">
          {CHOICES.map((choice) => (
            <Radio
              key={choice.id}
              value={choice.id}
              data-testid={`theme-${choice.id}`}
              className="inline-flex min-h-11 min-w-20 cursor-pointer items-center justify-center rounded-md px-4 text-sm font-medium text-slate-700 outline-none hover:text-slate-900 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-500 data-[selected]:bg-surface data-[selected]:text-slate-900 data-[selected]:shadow-sm data-[selected]:ring-1 data-[selected]:ring-slate-300"
            >
              {choice.label}
            </Radio>
          ))}
        </div>
        <p className="text-sm text-slate-600">
          {preference === "system"
            ? "Follows this device's light or dark setting."
            : "Kept on this device; other devices keep their own."}
        </p>
      </RadioGroup>
    </Card>
  );
}
