/**
 * Every action module that registers, in outbox/calls.ts, what the drain does with its calls.
 * outbox/sending.ts imports this file, so the registrations are made wherever the drain sends
 * or settles: the page and the service worker. A new special case registers in its action module and is listed here.
 */
import "./analysis.ts";
import "./question.ts";
import "./test.ts";
