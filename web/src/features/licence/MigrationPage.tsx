import type { UiClock } from "../../ui/clock.ts";
import { MigrationView } from "./MigrationView.tsx";
import { deviceMigration, type MigrationSource } from "./queries.ts";
import { useLegacyMigration } from "./useLegacyMigration.ts";

/** The page after activation: the device's legacy migration, then on to sign in. */
export function MigrationPage({
  go,
  source = deviceMigration,
  clock,
}: {
  go: (href: string) => void;
  source?: MigrationSource;
  clock?: UiClock;
}) {
  const { status, retry } = useLegacyMigration(source, clock);
  return <MigrationView status={status} onContinue={() => go("/login")} onRetry={retry} />;
}
