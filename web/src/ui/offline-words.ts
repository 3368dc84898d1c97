/**
 * What the app says, in the same words everywhere, about work that waits for the network
 * (issue 17: waiting is never called a failure).
 */
export const SAVED_ON_DEVICE = "Saved on this device; it will reach the server when you are online";

/** The sync button and status when the browser knows it is offline. */
export const DEVICE_OFFLINE = "This device is offline";
