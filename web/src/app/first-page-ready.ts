import { startTransition, useEffect, useState } from "react";
import { FIRST_PAGE_READY_EVENT } from "./first-page-ready-event.ts";
import { showApp } from "./snapshot-handover.ts";

/** A first page that never says it is ready (its reads failed) does not hold the rest back longer. */
const LONGEST_WAIT_MS = 3000;

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /**
     * The page calls firstPageReady itself once it shows what it came for (the dashboard, once
     * its reads are in); any other page is ready as soon as the router has resolved it.
     */
    tellsWhenReady?: true;
  }
}

let told = false;
let ready = false;

/**
 * The first page shows what it came for: the dashboard its data, any other page once resolved.
 * It also takes the place of a saved dashboard painted before the app (snapshot-handover.ts).
 */
export function firstPageReady(): void {
  showApp();
  if (told) return;
  told = true;
  // After the frame that shows it is on screen (the next frame's start comes after it): work
  // started sooner would count against the page's largest paint.
  requestAnimationFrame(() =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        ready = true;
        dispatchEvent(new Event(FIRST_PAGE_READY_EVENT));
      }, 0),
    ),
  );
}

/**
 * Runs `start` once the first page is ready (at once if it is), so the frame's upkeep (the
 * session check, the pulls, replay, the watchers) does not share the device and the connection
 * with the reads and the render of what the student opened the app for. Answers a stop that
 * cancels the start, or stops what it started.
 */
export function afterFirstPage(start: () => (() => void) | undefined): () => void {
  let stopStarted: (() => void) | undefined;
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    removeEventListener(FIRST_PAGE_READY_EVENT, run);
    clearTimeout(timer);
    stopStarted = start();
  };
  const timer = ready ? undefined : setTimeout(run, LONGEST_WAIT_MS);
  if (ready) run();
  else addEventListener(FIRST_PAGE_READY_EVENT, run);
  return () => {
    if (started) stopStarted?.();
    else {
      started = true;
      removeEventListener(FIRST_PAGE_READY_EVENT, run);
      clearTimeout(timer);
    }
  };
}

/**
 * False until the first page is ready (afterFirstPage), then true. What it brings renders in a
 * transition: React renders it in slices, between which the page answers a tap, rather than in
 * one long task on a slow tablet.
 */
export function useAfterFirstPage(): boolean {
  const [started, setStarted] = useState(ready);
  useEffect(() => afterFirstPage(() => void startTransition(() => setStarted(true))), []);
  return started;
}
