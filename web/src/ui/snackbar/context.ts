import { createContext, useContext } from "react";
import type { Notification } from "./queue.ts";

export interface SnackbarApi {
  /** Queues a notification; returns its id. */
  notify(notification: Notification): number;
  dismiss(id: number): void;
}

export const SnackbarContext = createContext<SnackbarApi | null>(null);

/** notify({ type, title, text, timeout?, delay? }) from anywhere under a SnackbarProvider. */
export function useSnackbar(): SnackbarApi {
  const api = useContext(SnackbarContext);
  if (!api) throw new Error("useSnackbar() needs a <SnackbarProvider> above it");
  return api;
}
