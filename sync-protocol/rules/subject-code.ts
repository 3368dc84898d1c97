/**
 * The subject a syllabus or learning-objective code belongs to. EASA numbers Operational
 * Procedures as subject 070 but its headings 071 (aeroplanes) and 072 (helicopters). A rule of
 * its own, without the content schemas, so a screen that only needs it does not build them.
 */
export function subjectOfCode(code: string): string {
  const head = code.slice(0, 3);
  return head === "071" || head === "072" ? "070" : head;
}
