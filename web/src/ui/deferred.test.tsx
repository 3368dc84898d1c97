// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { deferred } from "./deferred.tsx";

function Watcher({ text }: { text: string }) {
  return <p>{text}</p>;
}

describe("a component fetched when it first renders", () => {
  afterEach(cleanup);

  it("renders nothing until its code is there, then itself", async () => {
    const { Deferred } = deferred(async () => Watcher);
    render(<Deferred text="here" />);
    expect(screen.queryByText("here")).toBeNull();
    expect(await screen.findByText("here")).toBeTruthy();
  });

  it("renders at once when its code was fetched before", async () => {
    const { Deferred, preload } = deferred(async () => Watcher);
    await preload();
    render(<Deferred text="here" />);
    expect(screen.getByText("here")).toBeTruthy();
  });

  it("without a connection renders nothing, and no error, then comes when the network returns", async () => {
    let online = false;
    const { Deferred } = deferred(async () => {
      if (!online) throw new TypeError("Failed to fetch dynamically imported module");
      return Watcher;
    });
    render(<Deferred text="here" />);
    await act(async () => {});
    expect(screen.queryByText("here")).toBeNull();
    online = true;
    await act(async () => {
      dispatchEvent(new Event("online"));
    });
    expect(await screen.findByText("here")).toBeTruthy();
  });
});
