import { Button } from "../Button.tsx";
import { ToggleButton } from "../ToggleButton.tsx";

/** The enlarged image's toolbar buttons: 44 px targets, an icon, the label beside it or for screen readers. */
const TOOL_CLASS =
  "flex h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-40";

/** Ruler and protractor icons (24 px grid). */
export const RULER_ICON = "M3 16.5 16.5 3 21 7.5 7.5 21zM7.5 12l2 2M10.5 9l2 2M13.5 6l2 2";
export const PROTRACTOR_ICON = "M3 18h18M4.5 18a7.5 7.5 0 0 1 15 0M12 18l4.5-6";

function ToolIcon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
      <path d={path} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The label is read by screen readers everywhere and shown from laptop width up (or never: `iconOnly`). */
export function ToolButton({
  label,
  icon,
  onPress,
  disabled,
  iconOnly = false,
}: {
  label: string;
  icon: string;
  onPress: () => void;
  disabled?: boolean;
  iconOnly?: boolean;
}) {
  return (
    <Button
      variant="plain"
      onPress={onPress}
      disabled={disabled}
      ariaLabel={iconOnly ? label : undefined}
      className={`${TOOL_CLASS} ${iconOnly ? "px-0" : ""}`}
    >
      <ToolIcon path={icon} />
      {iconOnly ? null : <span className="max-lg:sr-only">{label}</span>}
    </Button>
  );
}

/** A tool that stays on (aria-pressed) until pressed again or another is chosen. */
export function ToolToggle({
  label,
  icon,
  selected,
  onChange,
}: {
  label: string;
  icon: string;
  selected: boolean;
  onChange: (selected: boolean) => void;
}) {
  return (
    <ToggleButton
      selected={selected}
      onChange={onChange}
      className={`${TOOL_CLASS} aria-pressed:bg-brand-50 aria-pressed:text-brand-700 aria-pressed:ring-1 aria-pressed:ring-brand-300`}
      testId={`tool-${label.toLowerCase()}`}
    >
      <ToolIcon path={icon} />
      <span>{label}</span>
    </ToggleButton>
  );
}
