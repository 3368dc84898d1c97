import { describe, expect, it } from "vitest";
import { purchaseLabel } from "./purchase-label.ts";

describe("the purchase button's words (spec accounts 6)", () => {
  it("Purchase for a free trial or nothing yet, Extend for a running or ended subscription, none without expiry", () => {
    expect(purchaseLabel("free_trial")).toBe("Purchase");
    expect(purchaseLabel("none")).toBe("Purchase");
    expect(purchaseLabel("active")).toBe("Extend");
    expect(purchaseLabel("expired")).toBe("Extend");
    expect(purchaseLabel("no_expiry")).toBeNull();
  });
});
