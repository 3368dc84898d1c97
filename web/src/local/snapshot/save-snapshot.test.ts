// @vitest-environment jsdom
/** What is kept of the dashboard: the page as it reads, without what only lasts a moment. */
import { describe, expect, it } from "vitest";
import { snapshotMarkup } from "./save-snapshot.ts";

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
