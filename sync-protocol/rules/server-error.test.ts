import { describe, expect, it } from "vitest";
import { SESSION_EXPIRED, serverErrorNotice } from "./server-error.ts";

describe("serverErrorNotice (spec study 8)", () => {
  it("joins a validation map's messages with line breaks into a danger 'Error' notification", () => {
    expect(
      serverErrorNotice("syllabus: Required\nmodule: Too small; Not a number", {
        fields: { syllabus: ["Required"], module: ["Too small", "Not a number"] },
      }),
    ).toEqual({ kind: "notify", type: "danger", title: "Error", text: "Required\nToo small\nNot a number" });
  });

  it("otherwise shows the message", () => {
    expect(serverErrorNotice("Syllabus 9 is not one of your syllabi")).toEqual({
      kind: "notify",
      type: "danger",
      title: "Error",
      text: "Syllabus 9 is not one of your syllabi",
    });
    // Details that are not a validation map (or an empty one) leave the message.
    expect(serverErrorNotice("Bad", { fields: {} })).toMatchObject({ text: "Bad" });
    expect(serverErrorNotice("Bad", { fields: { a: "not a list" } })).toMatchObject({ text: "Bad" });
    expect(serverErrorNotice("Bad", "details")).toMatchObject({ text: "Bad" });
  });

  it("'Session expired' goes to sign in", () => {
    expect(SESSION_EXPIRED).toBe("Session expired");
    expect(serverErrorNotice("Session expired")).toEqual({ kind: "sign-in" });
    expect(serverErrorNotice("Session expired", { fields: { a: ["x"] } })).toEqual({ kind: "sign-in" });
  });
});
