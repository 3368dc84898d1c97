/**
 * The profile page's second card (spec accounts 2): Subscriptions for a student on their own
 * (status, expiry, each subscription with its length, start and end), or Course Details for a
 * class's student (class, school, student id, the modules with their dates, and the course
 * dates modal, read-only for them). Pure.
 */
import type { ProfileAccountDetails } from "@preflight/sync-protocol/schemas/pull";
import { SUBSCRIPTION_MESSAGES } from "@preflight/sync-protocol/schemas/subscription";
import { type ReactNode, useState } from "react";
import type { Course } from "../../local/actions/course-dates.ts";
import { Button, buttonClass } from "../../ui/Button.tsx";
import { AppLink } from "../../ui/FormField.tsx";
import { TableScroller } from "../../ui/TableScroller.tsx";
import { Card, Detail } from "./fields.tsx";
import {
  formatDay,
  NO_EXPIRY,
  subscriptionExpiry,
  subscriptionKind,
  subscriptionLength,
  subscriptionStatus,
} from "./format.ts";

/** Shown while the device has not yet brought the account's details (a sync online brings them). */
export const ACCOUNT_NOT_ON_DEVICE = "These details appear once this device has synced with your account online.";

const STATUS_STYLE: Record<string, string> = {
  Active: "bg-emerald-100 text-emerald-800",
  "Free trial": "bg-sky-100 text-sky-800",
  Expired: "bg-red-100 text-red-800",
  "No subscription": "bg-slate-100 text-slate-700",
};

/** The link to /subscribe (spec accounts 6): none without expiry, Purchase for a free trial or none yet, Extend otherwise. */
function subscribeLabel(account: ProfileAccountDetails, now: Date): string | null {
  if (account.subscription.no_expiry) return null;
  const status = subscriptionStatus(account.subscription, now);
  return status === "Free trial" || status === "No subscription"
    ? SUBSCRIPTION_MESSAGES.purchase
    : SUBSCRIPTION_MESSAGES.extend;
}

const SUBSCRIBE_LINK_CLASS = buttonClass("primary");

/** A module's date the student has not set (course dates are set in the Course dates dialog). */
const NOT_SET = "Not set";

export function SubscriptionsCard({
  account,
  now,
  go,
}: {
  account: ProfileAccountDetails | null;
  now: Date;
  /** Navigates inside the app; without it the link is an ordinary one. */
  go?: (href: string) => void;
}) {
  if (!account)
    return (
      <Card title="Subscriptions" testId="subscriptions">
        <p className="text-sm text-slate-600">{ACCOUNT_NOT_ON_DEVICE}</p>
      </Card>
    );
  const status = subscriptionStatus(account.subscription, now);
  const label = subscribeLabel(account, now);
  const link = label ? (
    go ? (
      <AppLink href="/subscribe" go={go} className={SUBSCRIBE_LINK_CLASS}>
        {label}
      </AppLink>
    ) : (
      <a href="/subscribe" className={SUBSCRIBE_LINK_CLASS}>
        {label}
      </a>
    )
  ) : null;
  return (
    <Card title="Subscriptions" testId="subscriptions" actions={link}>
      <dl className="divide-y divide-slate-100">
        <Detail label="Status">
          <span
            className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`}
            data-testid="subscription-status"
          >
            {status}
          </span>
        </Detail>
        <Detail label="Expires" testId="subscription-expiry">
          {subscriptionExpiry(account.subscription)}
        </Detail>
      </dl>
      {account.userSubscriptions.length > 0 ? (
        <div className="mt-4">
          <h3 className="mb-2 text-sm font-semibold text-slate-700">Your subscriptions</h3>
          <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
            {account.userSubscriptions.map((s) => (
              <li key={`${s.kind}-${s.start}-${s.end}`} className="px-3 py-2.5 text-sm" data-testid="user-subscription">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-medium">{subscriptionKind(s.kind)}</span>
                  <span className="text-slate-600">
                    <span className="sr-only">Length: </span>
                    {subscriptionLength(s)}
                  </span>
                </div>
                <div className="mt-0.5 text-slate-700">
                  {formatDay(s.start)}
                  <span aria-hidden="true"> – </span>
                  <span className="sr-only"> to </span>
                  {s.end ? formatDay(s.end) : NO_EXPIRY}
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}

export type CourseDatesSlot = (props: { isOpen: boolean; onClose: () => void }) => ReactNode;

export function CourseDetailsCard({
  className,
  account,
  course,
  renderCourseDates,
}: {
  /** The class as the device names it (profile step's class_name). */
  className: string | null;
  account: ProfileAccountDetails | null;
  course: Course | null;
  /** The course dates modal (another feature's), composed by the route. */
  renderCourseDates?: CourseDatesSlot;
}) {
  const [open, setOpen] = useState(false);
  const rows = course?.rows ?? [];
  return (
    <Card
      title="Course Details"
      testId="course-details"
      actions={
        renderCourseDates ? (
          <Button
            variant="secondary"
            onPress={() => setOpen(true)}
            aria-haspopup="dialog"
            testId="profile-course-dates"
          >
            Course dates
          </Button>
        ) : null
      }
    >
      <dl className="divide-y divide-slate-100">
        <Detail label="Class" testId="course-class">
          {account?.class?.name ?? className ?? "—"}
        </Detail>
        <Detail label="School" testId="course-school">
          {account?.school?.name ?? "—"}
        </Detail>
        <Detail label="Student ID" testId="course-student-id">
          {account?.student_id ?? "—"}
        </Detail>
      </dl>
      {!account ? <p className="mt-2 text-xs text-slate-500">{ACCOUNT_NOT_ON_DEVICE}</p> : null}
      <h3 className="mt-4 mb-2 text-sm font-semibold text-slate-700">
        Modules
        {course?.syllabusName ? <span className="font-normal text-slate-500"> · {course.syllabusName}</span> : null}
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">Your course's modules and their dates will appear here.</p>
      ) : (
        <TableScroller>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Module
                </th>
                <th scope="col" className="py-2 pr-3 font-medium whitespace-nowrap">
                  Start
                </th>
                <th scope="col" className="py-2 font-medium whitespace-nowrap">
                  End
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.moduleId} className="border-b border-slate-100 last:border-0" data-testid="course-module">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {row.title}
                  </th>
                  <td className="py-2 pr-3 whitespace-nowrap">{row.start ? formatDay(row.start) : NOT_SET}</td>
                  <td className="py-2 whitespace-nowrap">{row.end ? formatDay(row.end) : NOT_SET}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
      {renderCourseDates ? renderCourseDates({ isOpen: open, onClose: () => setOpen(false) }) : null}
    </Card>
  );
}
