import { describe, expect, it } from "vitest";
import { ApiCallError } from "../local/api.ts";
import { errorNotice } from "./error-notice.ts";

describe("a failure's notification", () => {
  it("is titled 'Error' with the failure's words (spec study 8)", () => {
    expect(errorNotice(new ApiCallError(422, "bad_request", "Invalid", { fields: { a: ["A."], b: ["B."] } }))).toEqual({
      title: "Error",
      text: "A.\nB.",
    });
  });

  it("takes the screen's title and spec-quoted text when it names them", () => {
    expect(
      errorNotice(new Error("quota"), { title: "Jobs", text: "There was an error running the jobs queue." }),
    ).toEqual({
      title: "Jobs",
      text: "There was an error running the jobs queue.",
    });
  });

  it("passes the screen's wording on for the text (its fallback, the classes it explains)", () => {
    expect(errorNotice(new Error("quota"), { fallback: "Unable to mark this question" }).text).toBe(
      "Unable to mark this question",
    );
    expect(errorNotice(new Error("quota"), { explains: [Error] }).text).toBe("quota");
  });
});
