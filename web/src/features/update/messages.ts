/** The updater's words, as the spec quotes them where it does. */
export const UPDATE_MESSAGES = {
  noSyllabus:
    "We were unable to start the app because you do not have a syllabus, please contact support if this error continues.",
  prerequisitesFailed:
    "We were unable to obtain your syllabus prerequisites at this time, please contact support if this error continues.",
  loggingOut: "Logging out...",
  updateNow: "Update now",
  duringSync: "Unable to update whilst a sync is in progress, please try again shortly.",
  notYetAvailable: "not yet available",
  serviceNotRunning:
    "The background update service is not currently running, you may need to restart your computer if this message persists.",
  promptTitle: "UPDATES AVAILABLE",
  locked:
    "An earlier update did not finish and left the update status locked. Unlock it under Updates, then try again.",
  offline: "You are offline. Updates are checked when the connection returns.",
  firstRunOffline: "This device has no questions yet. Connect to the internet to download your question bank.",
} as const;
