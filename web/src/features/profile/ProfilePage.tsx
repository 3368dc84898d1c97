/**
 * The profile page's thin wrapper: the device's read, the writes, the network's state and the
 * page's "reload" (spec: 2 s after an Update). The reload is the page's own: it reads the device
 * and (online) the server again, rather than reloading the browser tab, which would stop at the
 * app's "changes not sent yet" warning while the Update waits in the outbox, and would throw
 * away an edit the student began in those 2 s.
 */
import { useLocation, useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useSyncSnapshot } from "../../app/live-queries.ts";
import { useSignedIn } from "../../app/session-context.tsx";
import { useOnline } from "../../app/useOnline.ts";
import { currentDate } from "../../platform.ts";
import { Card, Page } from "../../ui/Page.tsx";
import { SyllabusChoicesButton } from "../../ui/SyllabusChoicesHelp.tsx";
import type { CourseDatesSlot } from "./AccountCards.tsx";
import { useProfileWrites } from "./actions.ts";
import { EMAIL_PREFERENCES_ID } from "./EmailPreferencesCard.tsx";
import { ProfileView } from "./ProfileView.tsx";
import { useProfilePage } from "./queries.ts";

export function ProfilePage({ renderCourseDates }: { renderCourseDates?: CourseDatesSlot }) {
  const { scope } = useSignedIn();
  const online = useOnline();
  const navigate = useNavigate();
  const [reloads, setReloads] = useState(0);
  const data = useProfilePage(scope.db, online, reloads);
  const snapshot = useSyncSnapshot(scope.db);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  const { update, savePreferences } = useProfileWrites(reload);
  // Today, read again with each reload (the subscription's status depends on it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new date per reload
  const now = useMemo(() => currentDate(), [reloads]);
  useScrollToHash(data !== undefined && data !== null);

  if (data === undefined) return <Page title="Profile" width="wide" busy />;
  if (data === null)
    return (
      <Page title="Profile" width="wide">
        <Card>
          <p className="text-sm text-slate-600">
            Your profile is not on this device yet. Sync online to bring it here.
          </p>
        </Card>
      </Page>
    );
  return (
    <ProfileView
      {...data}
      online={online}
      now={now}
      onUpdate={update}
      onSavePreferences={savePreferences}
      renderCourseDates={renderCourseDates}
      syllabusHelp={<SyllabusChoicesButton testId="profile-syllabus-choices" />}
      go={(href) => void navigate({ to: href })}
      device={{ pending: snapshot?.pending ?? 0, lastSyncAt: snapshot?.lastSyncAt ?? null }}
    />
  );
}

/** /profile#email-preferences: the cards draw after the device is read, so scroll once they are there. */
function useScrollToHash(ready: boolean) {
  const hash = useLocation({ select: (location) => location.hash });
  useEffect(() => {
    if (ready && hash === EMAIL_PREFERENCES_ID) document.getElementById(EMAIL_PREFERENCES_ID)?.scrollIntoView();
  }, [ready, hash]);
}
