/**
 * The legacy migration's status as the page shows it (spec accounts 4, 9): the run starts when
 * the page opens, and its status is read every 2.5 s until it is complete or failed.
 */
import { LEGACY_MIGRATION_POLL_MS } from "@preflight/sync-protocol/rules/constants";
import { useEffect, useState } from "react";
import type { LegacyMigrationStatus } from "../../local/store/legacy-migration.ts";
import { systemClock, type UiClock } from "../../ui/clock.ts";
import type { MigrationSource } from "./queries.ts";

/** What the page shows until the first check returns. */
const PENDING: LegacyMigrationStatus = { state: "pending", migrated: [], error: null };

export function useLegacyMigration(source: MigrationSource, clock: UiClock = systemClock) {
  const [status, setStatus] = useState<LegacyMigrationStatus>(PENDING);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (round === 0) source.start();
    let timer = clock.setTimeout(function poll() {
      const now = source.status();
      setStatus(now);
      if (now.state !== "complete" && now.state !== "failed") timer = clock.setTimeout(poll, LEGACY_MIGRATION_POLL_MS);
    }, LEGACY_MIGRATION_POLL_MS);
    return () => clock.clearTimeout(timer);
  }, [source, clock, round]);

  const retry = () => {
    source.retry();
    setStatus(PENDING);
    setRound((n) => n + 1);
  };
  return { status, retry };
}
