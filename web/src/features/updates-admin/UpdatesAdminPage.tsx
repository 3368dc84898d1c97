import { DASHBOARD_UPDATE_STATUS_POLL_MS } from "@preflight/sync-protocol/rules/constants";
import type { ReactNode } from "react";
import { useSignedIn } from "../../app/session-context.tsx";
import { useUpdaterStatus } from "../../app/useUpdaterStatus.ts";
import { Page } from "../../ui/Page.tsx";
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
    <Page
      title="Updates"
      description="The question bank on this device: what the updater is doing, its history and its tools."
    >
      <UpdateControls scope={scope} status={status} />
      <RedownloadBank db={scope.db} userId={scope.userId} />
      <UpdateRecords db={scope.db} />
      {children}
    </Page>
  );
}
