import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { currentSession } from "../local/account/session.ts";
import type { DeviceSession } from "../local/store/db.ts";
import { BrandHeader } from "../ui/BrandHeader.tsx";
import { buttonClass } from "../ui/Button.tsx";
import { Page } from "../ui/Page.tsx";
import { SkipLink } from "../ui/SkipLink.tsx";
import { AppShell } from "./AppShell.tsx";
import { SessionProvider } from "./session-context.tsx";

/**
 * An address the app does not have. A signed-in student keeps the app's header and navigation;
 * a visitor gets the brand and the way to sign in. The session is read from the device, so
 * this works offline.
 */
export function NotFound() {
  const [session, setSession] = useState<DeviceSession | null | undefined>(undefined);
  useEffect(() => {
    let cancelled = false;
    void currentSession()
      .catch(() => undefined)
      .then((found) => {
        if (!cancelled) setSession(found ?? null);
      });
    return () => {
      cancelled = true;
    };
  }, []);
  // Until the device has said whether a session exists: an empty page rather than a flash of the wrong frame.
  if (session === undefined) return null;
  const body = (
    <Page
      title="Page not found"
      description="There is no page at this address. It may have moved, or the link may be mistyped."
      width="narrow"
      titleTestId="not-found"
    >
      <div className="flex flex-wrap gap-3">
        {session ? (
          <Link to="/dashboard" className={buttonClass("primary")}>
            Go to dashboard
          </Link>
        ) : (
          <Link to="/login" className={buttonClass("primary")}>
            Sign in
          </Link>
        )}
      </div>
    </Page>
  );
  if (session)
    return (
      <SessionProvider session={session}>
        <AppShell>{body}</AppShell>
      </SessionProvider>
    );
  return (
    <div className="min-h-full py-8">
      <SkipLink />
      <BrandHeader />
      {body}
    </div>
  );
}
