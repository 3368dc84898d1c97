// @vitest-environment jsdom
/**
 * The builder's first screen reads the subjects on the device and the kept summary together
 * (one live query): both arrive in the same result, and a change to either (an update that
 * installs a subject and its summary) comes back as a new result.
 */
import "fake-indexeddb/auto";
import { renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { refreshPracticeIndex } from "../../local/content/practice-index.ts";
import { multipleChoice, resetDatabases, signedInScope } from "../../local/test-support.ts";
import { usePracticeOpening } from "./practice-data.ts";

describe("usePracticeOpening", () => {
  beforeEach(resetDatabases);
  afterEach(resetDatabases);

  it("gives the subjects and the summary in one result, and follows changes to either", async () => {
    const { db } = await signedInScope();
    await db.questions.bulkPut([1, 2, 3].map(multipleChoice));
    await db.meta.put({ key: "subjects", value: [{ code: "010", title: "Air Law" }] });

    const { result } = renderHook(() => usePracticeOpening(db));
    // Before the index is built the device keeps no summary: the subjects still come.
    await waitFor(() =>
      expect(result.current).toEqual({ subjects: [{ code: "010", title: "Air Law" }], summary: null }),
    );

    await refreshPracticeIndex(db);
    await waitFor(() => expect(result.current?.summary?.total).toBe(3));
    expect(result.current?.subjects).toEqual([{ code: "010", title: "Air Law" }]);

    await db.meta.put({
      key: "subjects",
      value: [
        { code: "010", title: "Air Law" },
        { code: "050", title: "Meteorology" },
      ],
    });
    await waitFor(() => expect(result.current?.subjects).toHaveLength(2));
    expect(result.current?.summary?.total).toBe(3);
  });

  it("gives no subjects on a device without content", async () => {
    const { db } = await signedInScope();
    const { result } = renderHook(() => usePracticeOpening(db));
    await waitFor(() => expect(result.current).toEqual({ subjects: [], summary: null }));
  });
});
