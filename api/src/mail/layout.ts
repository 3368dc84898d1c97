/**
 * Every mail's frame: the product name, a greeting, paragraphs, one button-like link (also
 * written out in full), and a footer; a plain-text part and an HTML part with the same words.
 */
import type { MailMessage } from "./outbox.ts";

export const PRODUCT_NAME = "Preflight";

export interface MailContent {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Shown after the action, e.g. how long the link lives. */
  after?: string[];
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function renderMail(content: MailContent): MailMessage {
  const after = content.after ?? [];
  const text = [
    content.greeting,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    ...after.flatMap((p) => [p, ""]),
    `— ${PRODUCT_NAME}, exam preparation for EASA aviation theory`,
  ].join("\n");
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const html = `<!doctype html>
<html><body style="margin:0;background:#f1f5f9;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:20px;font-weight:600;color:#1e3a8a">${PRODUCT_NAME}</p>
${paragraph(content.greeting)}
${content.paragraphs.map(paragraph).join("\n")}
${
  content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#475569">If the button does not work, open this address: <a href="${escapeHtml(content.action.url)}">${escapeHtml(content.action.url)}</a></p>`
    : ""
}
${after.map(paragraph).join("\n")}
<p style="margin:24px 0 0;font-size:13px;color:#64748b">${PRODUCT_NAME}, exam preparation for EASA aviation theory</p>
</td></tr></table></td></tr></table>
</body></html>`;
  return { to: content.to, subject: `${content.subject} | ${PRODUCT_NAME}`, text, html };
}
