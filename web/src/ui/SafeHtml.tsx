import DOMPurify from "dompurify";
import { useMemo } from "react";

/** Content html (questions, explanations, lessons), sanitised before it reaches the page. */
export function SafeHtml({ html, className, inline }: { html: string; className?: string; inline?: boolean }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  const Tag = inline ? "span" : "div";
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify above
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
