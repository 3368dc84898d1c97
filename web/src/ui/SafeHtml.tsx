import DOMPurify from "dompurify";
import { type Ref, useMemo } from "react";

/**
 * Content html (questions, explanations, lessons), sanitised before it reaches the page.
 * `dataAttributes` names the only data-* attributes kept (all others are dropped); without it
 * DOMPurify's defaults apply.
 */
export function SafeHtml({
  html,
  className,
  inline,
  dataAttributes,
  ref,
}: {
  html: string;
  className?: string;
  inline?: boolean;
  dataAttributes?: readonly string[];
  ref?: Ref<HTMLElement>;
}) {
  const allowed = dataAttributes?.join(" ");
  const clean = useMemo(
    () =>
      DOMPurify.sanitize(
        html,
        allowed === undefined
          ? { USE_PROFILES: { html: true } }
          : { USE_PROFILES: { html: true }, ALLOW_DATA_ATTR: false, ADD_ATTR: allowed.split(" ") },
      ),
    [html, allowed],
  );
  const Tag = inline ? "span" : "div";
  return (
    <Tag
      ref={ref as Ref<HTMLDivElement>}
      className={className}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify above
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
