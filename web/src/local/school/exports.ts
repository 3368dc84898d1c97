/**
 * The school area's exports (issue 20): a fixed test's results and a class overview as CSV, a
 * student's report as PDF. The server makes each file; the page fetches it with the session
 * (callFile) and saves it under the server's name, or under one made here from what it is of
 * ("air-law-exam-results.csv") when the reply names none.
 */
import { schoolTestsRoutes } from "@preflight/sync-protocol/routes/school-tests";
import { callFile } from "../api-file.ts";
import { failureText } from "../form-errors.ts";

export interface ExportedFile {
  blob: Blob;
  filename: string;
}

/** A name for a file: the words of a title, lower case, joined by dashes ("Air Law exam" → "air-law-exam"). */
export function fileSlug(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "preflight";
}

/** Every attempt at a fixed test, as CSV. */
export async function testResultsCsv(testId: number, title: string): Promise<ExportedFile> {
  const file = await callFile(schoolTestsRoutes.schoolTestResultsCsv, {
    params: { test_id: testId },
    globalPolicy: false,
  });
  return { blob: file.blob, filename: file.filename ?? `${fileSlug(title)}-results.csv` };
}

/** A class's overview, as CSV. */
export async function classOverviewCsv(classId: string, className: string): Promise<ExportedFile> {
  const file = await callFile(schoolTestsRoutes.classOverviewCsv, {
    params: { class_id: classId },
    globalPolicy: false,
  });
  return { blob: file.blob, filename: file.filename ?? `${fileSlug(className)}-overview.csv` };
}

/** A student's printable report, with the school's name. */
export async function studentReportPdf(userId: string, name: string): Promise<ExportedFile> {
  const file = await callFile(schoolTestsRoutes.studentReportPdf, { params: { user_id: userId }, globalPolicy: false });
  return { blob: file.blob, filename: file.filename ?? `${fileSlug(name)}-report.pdf` };
}

/** What a failed export says beside its button. */
export function exportFailureText(err: unknown): string {
  return failureText(err, {
    offline: "The server makes this file: connect to the internet to download it.",
    fallback: "The file could not be made. Try again in a moment.",
  });
}
