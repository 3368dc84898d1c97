/**
 * The legacy migration's states (spec accounts 2, 4): pending 'Checking for legacy application
 * data...', active 'Migrating legacy application data...', complete 'Migration complete' with
 * Continue (to /login); failed when the check fails, saying why and offering another try.
 */
import type { LegacyMigrationStatus } from "../../local/store/legacy-migration.ts";
import { Button } from "../../ui/Button.tsx";
import { FormNotice, PageHeading } from "../../ui/FormField.tsx";

export const MIGRATION_TEXT = {
  pending: "Checking for legacy application data...",
  active: "Migrating legacy application data...",
  complete: "Migration complete",
  failed: "The legacy application data could not be checked. Nothing has been changed.",
} as const;

export function MigrationView({
  status,
  onContinue,
  onRetry,
}: {
  status: LegacyMigrationStatus;
  onContinue: () => void;
  onRetry: () => void;
}) {
  const records = status.migrated.reduce((n, d) => n + d.records, 0);
  return (
    <div data-testid="legacy-migration" data-state={status.state}>
      <PageHeading title="Legacy data" />
      {status.state === "failed" ? (
        <div className="space-y-4">
          <FormNotice tone="error" testId="legacy-migration-text">
            {MIGRATION_TEXT.failed}
            {status.error ? `\n${status.error}` : ""}
          </FormNotice>
          <div className="flex justify-end">
            <Button onPress={onRetry}>Try again</Button>
          </div>
        </div>
      ) : (
        <div className="space-y-4">
          <p role="status" className="text-sm text-slate-800" data-testid="legacy-migration-text">
            {MIGRATION_TEXT[status.state]}
          </p>
          {status.state === "complete" ? (
            <>
              {status.migrated.length > 0 ? (
                <p className="text-sm text-slate-600" data-testid="legacy-migration-summary">
                  {`${records} ${records === 1 ? "record" : "records"} in ${status.migrated.length} ${
                    status.migrated.length === 1 ? "database" : "databases"
                  } brought up to date.`}
                </p>
              ) : null}
              <div className="flex justify-end">
                <Button onPress={onContinue} testId="legacy-migration-continue">
                  Continue
                </Button>
              </div>
            </>
          ) : null}
        </div>
      )}
    </div>
  );
}
