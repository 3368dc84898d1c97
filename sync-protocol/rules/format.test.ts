import { describe, expect, it } from "vitest";
import {
  answerLetter,
  formatHms,
  formatLicenceKey,
  formatSyncStamp,
  LICENCE_KEY_LENGTH,
  letterIndex,
  licenceKeyValue,
  padQuestionNumber,
} from "./format.ts";

describe("padQuestionNumber: question number shown padded to 3 digits", () => {
  it("reads 'Question 001 / 040'", () => {
    expect(`Question ${padQuestionNumber(1)} / ${padQuestionNumber(40)}`).toBe("Question 001 / 040");
  });

  it("pads to three digits and never cuts a longer number", () => {
    expect(padQuestionNumber(0)).toBe("000");
    expect(padQuestionNumber(7)).toBe("007");
    expect(padQuestionNumber(99)).toBe("099");
    expect(padQuestionNumber(999)).toBe("999");
    expect(padQuestionNumber(1000)).toBe("1000");
    expect(padQuestionNumber(12345)).toBe("12345");
  });
});

describe("formatHms: hh:mm:ss, negative values shown with a minus", () => {
  it("formats seconds as hh:mm:ss", () => {
    expect(formatHms(0)).toBe("00:00:00");
    expect(formatHms(9)).toBe("00:00:09");
    expect(formatHms(59)).toBe("00:00:59");
    expect(formatHms(60)).toBe("00:01:00");
    expect(formatHms(3599)).toBe("00:59:59");
    expect(formatHms(3600)).toBe("01:00:00");
    expect(formatHms(5400)).toBe("01:30:00");
    expect(formatHms(3661)).toBe("01:01:01");
  });

  it("keeps counting hours above 99", () => {
    expect(formatHms(99 * 3600 + 59 * 60 + 59)).toBe("99:59:59");
    expect(formatHms(100 * 3600)).toBe("100:00:00");
    expect(formatHms(1000 * 3600 + 1)).toBe("1000:00:01");
  });

  it("shows negative values with a leading minus", () => {
    expect(formatHms(-1)).toBe("-00:00:01");
    expect(formatHms(-61)).toBe("-00:01:01");
    expect(formatHms(-3661)).toBe("-01:01:01");
    expect(formatHms(-100 * 3600)).toBe("-100:00:00");
  });

  it("drops fractions of a second", () => {
    expect(formatHms(59.9)).toBe("00:00:59");
    expect(formatHms(-59.9)).toBe("-00:00:59");
  });

  it("shows no minus for zero", () => {
    expect(formatHms(-0)).toBe("00:00:00");
  });

  it("is the same clock either side of zero", () => {
    for (let s = 1; s < 200_000; s += 997) expect(formatHms(-s)).toBe(`-${formatHms(s)}`);
  });
});

describe("answer letters run from a upward", () => {
  it("answerLetter gives a, b, c ... for 0, 1, 2 ...", () => {
    expect([0, 1, 2, 3, 25].map(answerLetter)).toEqual(["a", "b", "c", "d", "z"]);
  });

  it("letterIndex reads a key as the answer it toggles, in either case", () => {
    expect(letterIndex("a")).toBe(0);
    expect(letterIndex("b")).toBe(1);
    expect(letterIndex("B")).toBe(1);
    expect(letterIndex("z")).toBe(25);
    expect(letterIndex("Z")).toBe(25);
  });

  it("letterIndex ignores keys that are not a letter a to z", () => {
    for (const key of ["", "1", " ", "-", "`", "{", "@", "[", "é", "ß", "Enter", "ArrowRight", "ab"])
      expect(letterIndex(key)).toBeNull();
  });

  it("letterIndex undoes answerLetter", () => {
    for (let i = 0; i < 26; i++) {
      expect(letterIndex(answerLetter(i))).toBe(i);
      expect(letterIndex(answerLetter(i).toUpperCase())).toBe(i);
    }
  });
});

describe("formatSyncStamp: DD/MM/YYYY @ HH:mm in the device's local time", () => {
  // Local dates, so the expectations hold in any time zone.
  it("pads day, month, hours and minutes", () => {
    expect(formatSyncStamp(new Date(2026, 10, 21, 9, 5))).toBe("21/11/2026 @ 09:05");
    expect(formatSyncStamp(new Date(2027, 0, 3, 23, 59))).toBe("03/01/2027 @ 23:59");
  });

  it("numbers months from 1", () => {
    expect(formatSyncStamp(new Date(2026, 0, 31, 12, 0))).toBe("31/01/2026 @ 12:00");
    expect(formatSyncStamp(new Date(2026, 11, 1, 12, 0))).toBe("01/12/2026 @ 12:00");
  });

  it("drops seconds rather than rounding them", () => {
    expect(formatSyncStamp(new Date(2026, 0, 1, 0, 0, 59, 999))).toBe("01/01/2026 @ 00:00");
  });
});

describe("formatLicenceKey: upper-cased, dashes inserted in 4-4-4-4 groups as typed (spec accounts 5, 9)", () => {
  it("inserts a dash after each group of four as the characters come", () => {
    const typed = "abcd1234efgh5678";
    const shown = [...typed].map((_, i) => formatLicenceKey(typed.slice(0, i + 1)));
    expect(shown[3]).toBe("ABCD");
    expect(shown[4]).toBe("ABCD-1");
    expect(shown[8]).toBe("ABCD-1234-E");
    expect(shown.at(-1)).toBe("ABCD-1234-EFGH-5678");
  });

  it("drops typed dashes, spaces and other marks, and stops at 16 characters", () => {
    expect(formatLicenceKey("abcd-")).toBe("ABCD");
    expect(formatLicenceKey("ab cd/12_34")).toBe("ABCD-1234");
    expect(formatLicenceKey("ABCD-1234-EFGH-5678-9999")).toBe("ABCD-1234-EFGH-5678");
    expect(formatLicenceKey("ABCD1234EFGH5678").replace(/-/g, "")).toHaveLength(LICENCE_KEY_LENGTH);
    expect(formatLicenceKey("")).toBe("");
  });

  it("reformats a pasted key whatever its grouping", () => {
    expect(formatLicenceKey("abcd12 34efgh-5678")).toBe("ABCD-1234-EFGH-5678");
  });
});

describe("licenceKeyValue: the 16 characters the server keeps, or null", () => {
  it("reads a key with or without its dashes, in any case", () => {
    expect(licenceKeyValue("ABCD-1234-EFGH-5678")).toBe("ABCD1234EFGH5678");
    expect(licenceKeyValue(" abcd1234efgh5678 ")).toBe("ABCD1234EFGH5678");
  });

  it("refuses every other shape", () => {
    for (const bad of [
      "",
      "ABCD-1234-EFGH-567",
      "ABCD-1234-EFGH-56789",
      "ABCD-1234-EFGH-567!",
      "ABCD--1234-EFGH-5678",
      "ÄBCD-1234-EFGH-5678",
    ])
      expect(licenceKeyValue(bad)).toBeNull();
  });
});
