import type { PullStep } from "@preflight/sync-protocol/schemas/pull";
import type { StepState } from "../../local/pull/steps/runner.ts";
import { DEVICE_OFFLINE } from "../../ui/offline-words.ts";

/** The spec's rows of the post-login sync screen, in the order the steps run. */
export const STEP_LABELS: Record<PullStep, string> = {
  profile: "User profile",
  user: "Tests results",
  syllabus: "Syllabus details",
  school: "School details",
};

export const STATE_LABELS: Record<StepState, string> = {
  pending: "Pending",
  syncing: "Syncing…",
  complete: "Complete",
  failed: "Failed",
};

export const SYNC_SCREEN_MESSAGES = {
  title: "Syncing your data",
  intro: "Bringing this device up to date with your account.",
  complete: "Sync complete",
  /** Spec, error catalogue: post-login sync failure. */
  failed: "There was an error syncing your data, please contact support if this continues.",
  signingOut: (seconds: number) => `Signing out in ${seconds} s…`,
  /** Offline is no failure: the device's own words (ui/offline-words), then what the student may do. */
  offline: `${DEVICE_OFFLINE}. Everything already on it is ready to use, and it syncs when you are back online.`,
} as const;
