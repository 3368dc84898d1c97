// @vitest-environment jsdom
/** What is kept of the dashboard: the page as it reads, without what only lasts a moment. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveDashboardSnapshot, snapshotMarkup } from "./save-snapshot.ts";

function rootWith(html: string): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = html;
  return root;
}

describe("snapshotMarkup", () => {
  it("keeps the page's markup", () => {
    const html = '<main><h1 class="text-2xl">Welcome back, Sam</h1><a href="/syllabus">Syllabus</a></main>';
    expect(snapshotMarkup(rootWith(html))).toBe(html);
  });

  it("leaves out notifications, images of this document's blob: addresses and a copy still in the page", () => {
    const root = rootWith(
      '<main><p>Kept</p><img src="blob:http://localhost/1" alt=""><img src="/icons/favicon.svg" alt=""></main>' +
        '<section data-no-snapshot aria-label="Notifications"><p>Synced</p></section>' +
        '<div inert data-snapshot="dashboard"><p>Old copy</p></div>',
    );
    expect(snapshotMarkup(root)).toBe('<main><p>Kept</p><img src="/icons/favicon.svg" alt=""></main>');
  });

  it("drops hover, press and focus states, and the test ids that find the live page", () => {
    const root = rootWith(
      '<button data-hovered="true" data-focus-visible="true" data-testid="sync-now" class="btn">Sync now</button>',
    );
    expect(snapshotMarkup(root)).toBe('<button class="btn">Sync now</button>');
  });

  it("leaves the page itself untouched", () => {
    const root = rootWith('<p data-hovered="true">Hi</p><section data-no-snapshot>n</section>');
    snapshotMarkup(root);
    expect(root.innerHTML).toBe('<p data-hovered="true">Hi</p><section data-no-snapshot="">n</section>');
  });
});

describe("saveDashboardSnapshot", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("writes the page once, and again only when what the copy keeps has changed", async () => {
    const put = vi.fn(async () => undefined);
    vi.stubGlobal("caches", { open: async () => ({ put }) });
    const root = rootWith("<main><p>3 tests passed</p></main>");
    const first = await saveDashboardSnapshot(root, "sam", false);
    expect(put).toHaveBeenCalledTimes(1);
    // A hover state changed nothing the copy keeps.
    root.querySelector("p")?.setAttribute("data-hovered", "true");
    expect(await saveDashboardSnapshot(root, "sam", false, first)).toBe(first);
    expect(put).toHaveBeenCalledTimes(1);
    (root.querySelector("p") as HTMLElement).textContent = "4 tests passed";
    await saveDashboardSnapshot(root, "sam", false, first);
    expect(put).toHaveBeenCalledTimes(2);
    // The same page in the other theme is another copy.
    await saveDashboardSnapshot(root, "sam", true, first);
    expect(put).toHaveBeenCalledTimes(3);
  });
});
