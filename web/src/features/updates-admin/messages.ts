/** The updates admin's words; those the spec quotes are exactly as quoted. */
export const UPDATES_ADMIN_MESSAGES = {
  failedTitle: "Updates failed",
  appliedTitle: "Question updates applied",
  unknown: "Unknown",
  unlock: "Unlock update status",
  unlockError: "There was an error unlocking the update status",
  unlocked: "The update status is unlocked: a new update may start.",
  redownload: "Re-download question bank",
  redownloadDialogTitle: "Re-downloading question bank",
  redownloadHelp:
    "Deletes the questions, lessons and syllabus headings on this device and downloads them again in full. Use it when questions look wrong or are missing. Your tests, results, flags and the changes waiting to be sent stay as they are.",
  redownloadStarted: "Question bank has been added to the download queue and will begin downloading shortly",
  redownloadErrorElse: "There was an error downloading the question bank in else",
  redownloadErrorCatch: "There was an error downloading the question bank in catch",
  interrupt: "Updates will be stopped after the current update has finished processing",
} as const;

/** Why an update or a re-download could not start, as the notification's title says it. */
export const BLOCKED_TITLES = {
  offline: "You are offline",
  "already-running": "An update is running",
  syncing: "Changes are being sent",
  locked: "The update status is locked",
} as const;
