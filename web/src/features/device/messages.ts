/** This device's words for the student: what happened to the device's data, not how. */
export const DEVICE_MESSAGES = {
  evicted: "The questions on this device were removed by the browser to free space.",
  evictedDownloading: "They are being downloaded again.",
  evictedOffline: "They will be downloaded again when you are online.",
  evictedDone: "They have been downloaded again.",
} as const;
