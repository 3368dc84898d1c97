import { describe, expect, it } from "vitest";
import { manualClock } from "../manual-clock.ts";
import { visibleEntries } from "./queue.ts";
import { createSnackbarStore } from "./store.ts";

const titles = (store: ReturnType<typeof createSnackbarStore>) =>
  visibleEntries(store.getState()).map((e) => `${e.title}:${e.phase}`);

describe("snackbar store driven by a clock", () => {
  it("shows, slides up and removes on its own timer while subscribed", () => {
    const clock = manualClock();
    const store = createSnackbarStore(clock);
    let renders = 0;
    store.subscribe(() => renders++);
    store.notify({ type: "success", title: "Saved", text: "" });
    expect(titles(store)).toEqual(["Saved:shown"]);
    clock.advance(4999);
    expect(titles(store)).toEqual(["Saved:shown"]);
    clock.advance(1);
    expect(titles(store)).toEqual(["Saved:hiding"]);
    clock.advance(300);
    expect(titles(store)).toEqual([]);
    expect(renders).toBe(3);
    expect(clock.pending()).toBe(0);
  });

  it("releases a backlog 2 s apart", () => {
    const clock = manualClock();
    const store = createSnackbarStore(clock);
    store.subscribe(() => {});
    store.notify({ type: "danger", title: "A", text: "" });
    store.notify({ type: "danger", title: "B", text: "" });
    clock.advance(1999);
    expect(titles(store)).toEqual(["A:shown"]);
    clock.advance(1);
    expect(titles(store)).toEqual(["A:shown", "B:shown"]);
  });

  it("returns ids that dismiss", () => {
    const clock = manualClock();
    const store = createSnackbarStore(clock);
    store.subscribe(() => {});
    const id = store.notify({ type: "info", title: "A", text: "" });
    store.dismiss(id);
    expect(titles(store)).toEqual(["A:hiding"]);
  });

  it("keeps no timer without subscribers and catches up when one arrives", () => {
    const clock = manualClock();
    const store = createSnackbarStore(clock);
    store.notify({ type: "info", title: "A", text: "" });
    expect(clock.pending()).toBe(0);
    clock.advance(6000);
    const unsubscribe = store.subscribe(() => {});
    expect(titles(store)).toEqual(["A:hiding"]);
    expect(clock.pending()).toBe(1);
    unsubscribe();
    expect(clock.pending()).toBe(0);
  });

  it("survives a timer that fires early by setting it again", () => {
    let early: (() => void) | null = null;
    const clock = manualClock();
    const store = createSnackbarStore({
      ...clock,
      setTimeout: (callback, ms) => {
        early = callback;
        return clock.setTimeout(callback, ms);
      },
    });
    store.subscribe(() => {});
    store.notify({ type: "info", title: "A", text: "" });
    clock.advance(100);
    (early as (() => void) | null)?.(); // the browser fires 4.9 s too soon
    expect(titles(store)).toEqual(["A:shown"]);
    clock.advance(4900);
    expect(titles(store)).toEqual(["A:hiding"]);
  });

  it("pauses and resumes the countdown", () => {
    const clock = manualClock();
    const store = createSnackbarStore(clock);
    store.subscribe(() => {});
    store.notify({ type: "warning", title: "A", text: "" });
    clock.advance(1000);
    store.pause();
    clock.advance(60_000);
    expect(titles(store)).toEqual(["A:shown"]);
    store.resume();
    clock.advance(3999);
    expect(titles(store)).toEqual(["A:shown"]);
    clock.advance(1);
    expect(titles(store)).toEqual(["A:hiding"]);
  });
});
