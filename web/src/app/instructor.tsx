/**
 * The instructor role on the device (issue 20): an instructor signs in to the same app and gets
 * the school area (/school: their school's classes and each class's overview) instead of the
 * student's places. The guard here is cosmetic: the server refuses the school area's data to
 * anyone but an instructor of that school.
 */
import type { UserSummary } from "@preflight/sync-protocol/schemas/auth";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Card, Page } from "../ui/Page.tsx";
import { useSignedIn } from "./session-context.tsx";

export function isInstructor(user: Pick<UserSummary, "role">): boolean {
  return user.role === "instructor";
}

/**
 * A page of the school area: its content for an instructor; for anyone else a plain page that
 * says so and points to the dashboard (an old bookmark explains rather than bouncing silently).
 */
export function InstructorOnly({ children }: { children: ReactNode }) {
  const { session } = useSignedIn();
  if (isInstructor(session.user)) return children;
  return (
    <div data-testid="instructor-only">
      <Page title="Not available" width="narrow">
        <Card>
          <p className="text-slate-700">This page is the school area, open to a school's instructors only.</p>
          <p className="mt-2 text-slate-700">
            Your own studies are on the{" "}
            <Link to="/dashboard" className="font-medium text-brand-700 underline">
              dashboard
            </Link>
            .
          </p>
        </Card>
      </Page>
    </div>
  );
}
