/**
 * The profile page (spec accounts 2): Personal Details, then Subscriptions or (for a class's
 * student) Course Details, and Email Preferences; under the account, the way to This device. Pure: it draws the profile it is given and
 * hands every write to its callbacks; `useProfilePage` (queries.ts) and `useProfileWrites`
 * (actions.ts) feed it, and the route composes in the course dates modal.
 */
import type { ProfileAccountDetails, PulledProfile } from "@preflight/sync-protocol/schemas/pull";
import type { ReactNode } from "react";
import type { Course } from "../../local/actions/course-dates.ts";
import { Page } from "../../ui/Page.tsx";
import { type CourseDatesSlot, CourseDetailsCard, SubscriptionsCard } from "./AccountCards.tsx";
import { AppearanceCard } from "./AppearanceCard.tsx";
import { EmailPreferencesCard } from "./EmailPreferencesCard.tsx";
import type { UpdatePlan } from "./form.ts";
import { PersonalDetailsCard } from "./PersonalDetailsCard.tsx";
import { type DeviceSummary, ThisDeviceCard } from "./ThisDeviceCard.tsx";

export interface ProfileViewData {
  /** The profile as the device holds it (the profile step's meta "profile"). */
  profile: PulledProfile;
  /** The account's details: from the profile step, or online from GET /api/profile; null before either. */
  account: ProfileAccountDetails | null;
  /** The exam's title as the device names it. */
  syllabusTitle: string | null;
  /** The course and its module dates as the device holds them (a class's student's Course Details). */
  course: Course | null;
}

export interface ProfileViewProps extends ProfileViewData {
  online: boolean;
  now: Date;
  onUpdate: (plan: UpdatePlan) => Promise<boolean>;
  onSavePreferences: (ids: number[]) => Promise<unknown>;
  renderCourseDates?: CourseDatesSlot;
  syllabusHelp?: ReactNode;
  /** Navigates inside the app (the Subscriptions card's link to /subscribe, This device's to /device). */
  go?: (href: string) => void;
  /** This device's changes not sent yet and last sync; absent: the card is not drawn. */
  device?: DeviceSummary;
}

/** A class's student: the class manages their exam and course dates. */
export function isClassStudent(profile: PulledProfile, account: ProfileAccountDetails | null): boolean {
  return profile.class_name !== null || (account?.class ?? null) !== null;
}

export function ProfileView({
  profile,
  account,
  syllabusTitle,
  course,
  online,
  now,
  onUpdate,
  onSavePreferences,
  renderCourseDates,
  syllabusHelp,
  go,
  device,
}: ProfileViewProps) {
  const classStudent = isClassStudent(profile, account);
  const offlineAccount = account?.offline_account ?? false;
  const title =
    syllabusTitle ?? account?.syllabi.find((s) => s.id === profile.syllabus_id)?.title ?? course?.syllabusName ?? null;
  return (
    <Page title="Profile" width="wide">
      {/* Two columns on a laptop: the details and the preferences on the left, the account on
          the right; one column below, the account's card between the two. */}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <PersonalDetailsCard
          profile={profile}
          pendingEmail={account?.pending_email ?? null}
          accountNumber={account?.account_number ?? null}
          syllabusTitle={title}
          syllabi={account?.syllabi ?? []}
          classStudent={classStudent}
          offlineAccount={offlineAccount}
          online={online}
          onUpdate={onUpdate}
          syllabusHelp={syllabusHelp}
        />
        <div className="space-y-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {classStudent ? (
            <CourseDetailsCard
              className={profile.class_name}
              account={account}
              course={course}
              renderCourseDates={renderCourseDates}
            />
          ) : (
            <SubscriptionsCard account={account} now={now} go={go} />
          )}
          {device ? <ThisDeviceCard device={device} go={go} /> : null}
          <AppearanceCard />
        </div>
        <EmailPreferencesCard
          preferences={profile.preferences}
          chosen={profile.user_preferences}
          readOnly={offlineAccount}
          onSave={onSavePreferences}
        />
      </div>
    </Page>
  );
}
