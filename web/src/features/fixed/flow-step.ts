/**
 * The dialog a selected fixed test opens (spec: "Select, then verify questions. If an update is
 * required show the update dialog; else if password access show the password dialog; else show
 * the summary."). When the device cannot check the test's questions the summary cannot be
 * built: spec study 8's danger notification 'Could not load test summary'.
 */
import { PRACTICE_MESSAGES } from "@preflight/sync-protocol/rules/practice-filter";
import type { ContentCheck } from "../../local/content/verify.ts";

export const SUMMARY_FAILED = PRACTICE_MESSAGES.summaryFailed;

export type FixedTestDialog = "update" | "password" | "summary";

export async function fixedTestDialog(
  test: { password_access: boolean; password_verified: boolean },
  verify: () => Promise<ContentCheck>,
): Promise<FixedTestDialog | { failed: typeof SUMMARY_FAILED }> {
  let check: ContentCheck;
  try {
    check = await verify();
  } catch (err) {
    console.warn("fixed test check", err);
    return { failed: SUMMARY_FAILED };
  }
  if (check.update) return "update";
  if (test.password_access && !test.password_verified) return "password";
  return "summary";
}
