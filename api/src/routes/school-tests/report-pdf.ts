/**
 * A printable report of one student for their school (issue 20), drawn by pdfmake: the school's
 * name, the student, their course progress and exam readiness as the class overview shows them,
 * and every attempt at the school's fixed tests, hidden results included. Roboto (shipped with
 * pdfmake) covers the accented names of European students; pdfmake may read those font files
 * and nothing else, local or remote.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { formatDate, formatHms } from "@preflight/sync-protocol/rules/format";
import type { ClassStudent } from "@preflight/sync-protocol/schemas/school";
import type { SchoolAttempt } from "@preflight/sync-protocol/schemas/school-tests";
import pdfmake from "pdfmake";
import type { Content, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";

const fontDir = join(dirname(createRequire(import.meta.url).resolve("pdfmake/package.json")), "fonts", "Roboto");
const FONTS = {
  Roboto: {
    normal: join(fontDir, "Roboto-Regular.ttf"),
    bold: join(fontDir, "Roboto-Medium.ttf"),
    italics: join(fontDir, "Roboto-Italic.ttf"),
    bolditalics: join(fontDir, "Roboto-MediumItalic.ttf"),
  },
};
const allowedFiles = new Set(Object.values(FONTS.Roboto));
pdfmake.setFonts(FONTS);
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => allowedFiles.has(path));

export interface StudentReport {
  school: string;
  className: string | null;
  subjects: { code: string; title: string }[];
  student: ClassStudent;
  /** The student's attempts at the school's fixed tests, with each test's title. */
  attempts: (SchoolAttempt & { title: string })[];
  generatedAt: Date;
}

const STANDING = { ahead: "Ahead of plan", on_plan: "On plan", behind: "Behind plan", no_dates: "No course dates" };

function readinessText(student: ClassStudent, code: string): string {
  const r = student.readiness.find((x) => x.subject === code);
  if (!r) return "—";
  if (r.kind === "too_few") return `Needs ${r.needed} more answers`;
  const pct = (share: number) => Math.round(share * 100);
  return `${pct(r.chance)}% (${pct(r.low)}–${pct(r.high)}%)`;
}

function resultText(a: SchoolAttempt): string {
  if (a.finished_at === null) return "In progress";
  if (a.score === null) return "Not marked";
  const pass = a.pass === null ? "" : a.pass ? " · Pass" : " · Fail";
  return `${a.score} / ${a.total_score} (${Math.round(a.percentage ?? 0)}%)${pass}`;
}

const head = (cells: string[]): TableCell[] => cells.map((text) => ({ text, style: "th" }));

function figures(report: StudentReport): Content {
  const s = report.student;
  const rows: [string, string][] = [
    [
      "Course progress",
      `${s.course.completed}% completed${s.course.planned === null ? "" : ` of ${s.course.planned}% planned by today`} · ${STANDING[s.course.standing]}`,
    ],
    ["Lessons completed", `${s.lessons.completed} of ${s.lessons.total}`],
    ["Progress tests passed", `${s.progress_tests.passed} of ${s.progress_tests.total}`],
    [
      "Mock exams",
      s.mock_exams.average === null
        ? "None taken"
        : `${s.mock_exams.average}% average over ${s.mock_exams.scores} ${s.mock_exams.scores === 1 ? "exam" : "exams"}`,
    ],
    ["Last active", s.last_active_at ? formatDate(new Date(s.last_active_at)) : "Never"],
  ];
  return {
    table: { widths: [150, "*"], body: rows.map(([k, v]) => [{ text: k, bold: true }, v]) },
    layout: "lightHorizontalLines",
  };
}

export function studentReportDefinition(report: StudentReport): TDocumentDefinitions {
  const s = report.student;
  const name = `${s.firstname} ${s.lastname}`;
  const attempts: Content =
    report.attempts.length === 0
      ? { text: "No fixed tests taken yet.", italics: true }
      : {
          table: {
            headerRows: 1,
            widths: ["*", 70, 55, "auto", 45],
            body: [
              head(["Test", "Started", "Time", "Result", "Student sees"]),
              ...report.attempts.map((a) => [
                a.title,
                formatDate(new Date(a.started)),
                a.time_taken === null ? "—" : formatHms(a.time_taken),
                resultText(a),
                a.hidden_from_student ? "Hidden" : "Yes",
              ]),
            ],
          },
          layout: "lightHorizontalLines",
        };
  return {
    info: { title: `${name}: student report`, author: report.school },
    pageSize: "A4",
    pageMargins: [40, 60, 40, 50],
    header: { text: report.school, margin: [40, 24, 40, 0], style: "school" },
    footer: (page, pages) => ({
      columns: [
        { text: `Generated ${formatDate(report.generatedAt)} by Preflight`, style: "small" },
        { text: `Page ${page} of ${pages}`, alignment: "right", style: "small" },
      ],
      margin: [40, 10, 40, 0],
    }),
    content: [
      { text: "Student report", style: "title" },
      { text: name, style: "name" },
      {
        text: [
          s.email,
          s.student_id ? ` · Student ID ${s.student_id}` : "",
          report.className ? ` · ${report.className}` : "",
        ].join(""),
        style: "small",
        margin: [0, 0, 0, 16],
      },
      { text: "Progress", style: "h2" },
      figures(report),
      { text: "Exam readiness", style: "h2" },
      report.subjects.length === 0
        ? { text: "No subjects yet.", italics: true }
        : {
            table: {
              headerRows: 1,
              widths: ["*", 160],
              body: [
                head(["Subject", "Chance of passing now"]),
                ...report.subjects.map((subject) => [
                  `${subject.code} ${subject.title}`,
                  readinessText(s, subject.code),
                ]),
              ],
            },
            layout: "lightHorizontalLines",
          },
      { text: "Fixed tests", style: "h2" },
      attempts,
    ],
    defaultStyle: { font: "Roboto", fontSize: 10 },
    styles: {
      school: { fontSize: 9, color: "#475569" },
      title: { fontSize: 18, bold: true },
      name: { fontSize: 14, margin: [0, 4, 0, 2] },
      h2: { fontSize: 12, bold: true, margin: [0, 14, 0, 6] },
      th: { bold: true, color: "#334155" },
      small: { fontSize: 8, color: "#64748b" },
    },
  };
}

export function studentReportPdf(report: StudentReport): Promise<Buffer> {
  return pdfmake.createPdf(studentReportDefinition(report)).getBuffer();
}
