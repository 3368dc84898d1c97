import { createFileRoute } from "@tanstack/react-router";
import { useSignedIn } from "../../app/session-context.tsx";
import { DeviceDataSection } from "../../features/device/DeviceDataSection.tsx";
import { DevicePage } from "../../features/device/DevicePage.tsx";
import { StorageSection } from "../../features/device/StorageSection.tsx";
import { BugReportSection } from "../../features/reports/BugReportSection.tsx";
import { SyncButton } from "../../features/sync/SyncButton.tsx";

/**
 * This device: what concerns the student's own device, reached from the profile and the header's
 * "pending" link. The page draws what waits to be sent and the last sync, and the file of waiting
 * changes; the route adds the device's own sections under them (its storage, and the device data
 * file before a wipe and back on the new device). The maintenance tools are for the maintenance
 * role (app/maintenance.tsx); these stay with every student.
 */
function DeviceRoute() {
  const { session, scope } = useSignedIn();
  return (
    <DevicePage syncButton={<SyncButton db={scope.db} showLastSync={false} />}>
      <DeviceDataSection db={scope.db} email={session.user.email} />
      <StorageSection />
      <BugReportSection db={scope.db} email={session.user.email} />
    </DevicePage>
  );
}

export const Route = createFileRoute("/_app/device")({ component: DeviceRoute });
