/**
 * The maintenance role on the device (issue 14): the maintenance tools (the Updates admin panel
 * and the Jobs panels) are for role "maintenance" (the me reply's and the profile pull's
 * `role`). A student keeps what concerns their own device elsewhere: the content update on the
 * dashboard (and /update), the update mode on the profile, and the changes waiting to be sent,
 * the pending-changes file, the device data file and storage on This device (/device, reached
 * from the profile and the header's "pending" link).
 */
import type { UserSummary } from "@preflight/sync-protocol/schemas/auth";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Card, Page } from "../ui/Page.tsx";
import { useSignedIn } from "./session-context.tsx";

export function isMaintenance(user: Pick<UserSummary, "role">): boolean {
  return user.role === "maintenance";
}

/**
 * A maintenance page: its content for the maintenance role; for a student, a plain page that
 * says so and points to where their own device's updates and changes are (an old bookmark of a
 * student lands here, so it explains rather than bouncing silently).
 */
export function MaintenanceOnly({ children }: { children: ReactNode }) {
  const { session } = useSignedIn();
  if (isMaintenance(session.user)) return children;
  return (
    <div data-testid="maintenance-only">
      <Page title="Not available" width="narrow">
        <Card>
          <p className="text-slate-700">This page holds the maintenance tools and is open to maintenance staff only.</p>
          <p className="mt-2 text-slate-700">
            Content updates for this device are on the{" "}
            <Link to="/dashboard" className="font-medium text-brand-700 underline">
              dashboard
            </Link>
            ; your changes waiting to be sent, and your data on this device, are on{" "}
            <Link to="/device" className="font-medium text-brand-700 underline">
              This device
            </Link>
            .
          </p>
        </Card>
      </Page>
    </div>
  );
}
