import { formatSyncStamp } from "@preflight/sync-protocol/rules/format";
import { buttonClass } from "../../ui/Button.tsx";
import { AppLink } from "../../ui/FormField.tsx";
import { Card, Detail } from "./fields.tsx";

/** What the profile says of this device: what is not sent yet and the last sync (the header's counts). */
export interface DeviceSummary {
  pending: number;
  lastSyncAt: string | null;
}

const LINK_CLASS = buttonClass("secondary");

/**
 * The way from the profile to This device (/device): the student's changes not sent yet, the last
 * sync, and, on that page, the file of changes, the device data and the storage.
 */
export function ThisDeviceCard({ device, go }: { device: DeviceSummary; go?: (href: string) => void }) {
  const link = go ? (
    <AppLink href="/device" go={go} className={LINK_CLASS}>
      Open This device
    </AppLink>
  ) : (
    <a href="/device" className={LINK_CLASS}>
      Open This device
    </a>
  );
  return (
    <Card title="This device" testId="this-device" actions={link}>
      <dl className="divide-y divide-slate-100">
        <Detail label="Changes not sent yet" testId="this-device-pending">
          {device.pending}
        </Detail>
        <Detail label="Last sync" testId="this-device-last-sync">
          {device.lastSyncAt ? formatSyncStamp(new Date(device.lastSyncAt)) : "Not yet"}
        </Detail>
      </dl>
      <p className="mt-3 text-sm text-slate-600">
        Your data on this device: save it to a file before the device is wiped, bring it back on a new one, and see how
        much space it takes.
      </p>
    </Card>
  );
}
