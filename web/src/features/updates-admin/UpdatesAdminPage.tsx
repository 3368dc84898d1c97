import { DASHBOARD_UPDATE_STATUS_POLL_MS } from "@preflight/sync-protocol";
import { useSignedIn } from "../../app/session-context.tsx";
import { useUpdaterStatus } from "../../app/useUpdaterStatus.ts";
import { DeviceDataSection } from "./DeviceDataSection.tsx";
import { RedownloadBank } from "./RedownloadBank.tsx";
import { StorageSection } from "./StorageSection.tsx";
import { UpdateControls } from "./UpdateControls.tsx";
import { UpdateRecords } from "./UpdateRecords.tsx";

/**
 * The updates admin panel (spec accounts 2): the update status with its interrupt and lock,
 * the update mode, Re-download question bank, the 'Updates failed' and 'Question updates
 * applied' lists, this device's storage, and the student's device data as a file.
 */
export function UpdatesAdminPage() {
  const { session, scope } = useSignedIn();
  const status = useUpdaterStatus(scope.db, DASHBOARD_UPDATE_STATUS_POLL_MS);
  return (
    <main className="mx-auto max-w-5xl space-y-5 px-4 py-6">
      <h1 className="text-xl font-semibold">Updates</h1>
      <UpdateControls scope={scope} status={status} />
      <RedownloadBank db={scope.db} userId={scope.userId} />
      <UpdateRecords db={scope.db} />
      <StorageSection />
      <DeviceDataSection db={scope.db} email={session.user.email} />
    </main>
  );
}
