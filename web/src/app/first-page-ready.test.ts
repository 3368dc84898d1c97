// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FIRST_PAGE_READY_EVENT } from "./first-page-ready-event.ts";

/** A fresh copy of the module (it remembers whether the first page was ready). */
const load = () => import("./first-page-ready.ts");

/** The frames of the page that shows the first page, then the task after them. */
const paintFrames = () => vi.advanceTimersByTime(3 * 16 + 1);

describe("the frame's upkeep waits for the first page", () => {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame"] });
  });
  afterEach(() => vi.useRealTimers());

  it("starts once the page that shows what it came for has been painted, not before", async () => {
    const { afterFirstPage, firstPageReady } = await load();
    const start = vi.fn();
    afterFirstPage(start);
    firstPageReady();
    expect(start).not.toHaveBeenCalled();
    paintFrames();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("tells the first-route script once, however often the page says it is ready", async () => {
    const { firstPageReady } = await load();
    const heard = vi.fn();
    addEventListener(FIRST_PAGE_READY_EVENT, heard);
    firstPageReady();
    paintFrames();
    firstPageReady();
    paintFrames();
    removeEventListener(FIRST_PAGE_READY_EVENT, heard);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it("starts at once when the first page is already ready", async () => {
    const { afterFirstPage, firstPageReady } = await load();
    firstPageReady();
    paintFrames();
    const start = vi.fn();
    afterFirstPage(start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("starts after 3 s when the first page never says it is ready (its reads failed)", async () => {
    const { afterFirstPage } = await load();
    const start = vi.fn();
    afterFirstPage(start);
    vi.advanceTimersByTime(2999);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("a stop before the start cancels it; a stop after it stops what it started", async () => {
    const { afterFirstPage, firstPageReady } = await load();
    const cancelled = vi.fn();
    afterFirstPage(cancelled)();
    const stopped = vi.fn();
    const stop = afterFirstPage(() => stopped);
    firstPageReady();
    paintFrames();
    vi.advanceTimersByTime(5000);
    expect(cancelled).not.toHaveBeenCalled();
    expect(stopped).not.toHaveBeenCalled();
    stop();
    expect(stopped).toHaveBeenCalledTimes(1);
  });
});
