/**
 * The profile page's read. Everything comes from the device, so the page opens offline: the
 * profile the profile step keeps (meta "profile", its `account` part included once the server
 * sends it), the syllabus's title (meta "syllabus") and the course dates (as My Progress reads
 * them). Online, while the device has no `account` part yet, GET /api/profile fills it in for
 * this visit (the next profile pull stores it).
 */

import { profileRoutes } from "@preflight/sync-protocol/routes/profile";
import {
  type ProfileAccountDetails,
  type PulledProfile,
  profileAccountDetailsSchema,
} from "@preflight/sync-protocol/schemas/pull";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useState } from "react";
import { readCourse } from "../../local/actions/course-dates.ts";
import { call } from "../../local/api.ts";
import { getMeta, type UserDb } from "../../local/store/db.ts";
import type { ProfileViewData } from "./ProfileView.tsx";

/** Read of the device's copy: undefined while reading, null when no profile is on the device yet. */
async function readProfilePage(
  db: UserDb,
): Promise<(Omit<ProfileViewData, "account"> & { stored: ProfileAccountDetails | null }) | null> {
  const profile = await getMeta<PulledProfile>(db, "profile");
  if (!profile) return null;
  const syllabus = await getMeta<{ id: number; title: string }>(db, "syllabus");
  const course = await readCourse(db);
  return {
    profile,
    stored: profile.account ?? null,
    syllabusTitle: syllabus && syllabus.id === profile.syllabus_id ? syllabus.title : null,
    course,
  };
}

/** The account details from the server, for a device that has not pulled them yet. */
async function fetchAccount(): Promise<ProfileAccountDetails> {
  // The page's data cut to the account details the profile step would store.
  return profileAccountDetailsSchema.parse(await call(profileRoutes.profileData));
}

/**
 * The page's data; `reloads` counts the page's reloads (spec: 2 s after an Update), each of which
 * asks the server again when online.
 */
export function useProfilePage(db: UserDb, online: boolean, reloads: number): ProfileViewData | null | undefined {
  const local = useLiveQuery(() => readProfilePage(db), [db, reloads]);
  const [fetched, setFetched] = useState<ProfileAccountDetails | null>(null);
  const needsFetch = online && local !== undefined && local !== null && local.stored === null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: fetched again on each reload
  useEffect(() => {
    if (!needsFetch) return;
    let cancelled = false;
    fetchAccount()
      .then((account) => {
        if (!cancelled) setFetched(account);
      })
      .catch((err: unknown) => console.warn("profile details could not be fetched", err));
    return () => {
      cancelled = true;
    };
  }, [needsFetch, reloads]);

  if (local === undefined || local === null) return local;
  const { stored, ...rest } = local;
  return { ...rest, account: stored ?? fetched };
}
