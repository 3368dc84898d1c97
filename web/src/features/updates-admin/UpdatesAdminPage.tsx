import { DASHBOARD_UPDATE_STATUS_POLL_MS } from "@preflight/sync-protocol";
import type { ReactNode } from "react";
import { useSignedIn } from "../../app/session-context.tsx";
import { useUpdaterStatus } from "../../app/useUpdaterStatus.ts";
import { RedownloadBank } from "./RedownloadBank.tsx";
import { UpdateControls } from "./UpdateControls.tsx";
import { UpdateRecords } from "./UpdateRecords.tsx";

/**
 * The updates admin panel (spec accounts 2): the update status with its interrupt and lock,
 * the update mode, Re-download question bank, the 'Updates failed' and 'Question updates
 * applied' lists. The route adds this device's storage under them (`children`; the section is
 * This device's, features/device).
 */
export function UpdatesAdminPage({ children }: { children?: ReactNode }) {
  const { scope } = useSignedIn();
  const status = useUpdaterStatus(scope.db, DASHBOARD_UPDATE_STATUS_POLL_MS);
  return (
    <main className="mx-auto max-w-5xl space-y-5 px-4 py-6">
      <h1 className="text-xl font-semibold">Updates</h1>
      <UpdateControls scope={scope} status={status} />
      <RedownloadBank db={scope.db} userId={scope.userId} />
      <UpdateRecords db={scope.db} />
      {children}
    </main>
  );
}
