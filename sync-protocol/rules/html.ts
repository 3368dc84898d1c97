/**
 * Html rules with no imports, so a module that needs only these (the practice index worker)
 * does not bring the schemas along.
 */

/** Question text without its html, for lists and screen readers (spec: question_stripped). */
export function stripHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
