/**
 * The coverage tree of one subject, pure: topics, subtopics, sections and learning objectives as
 * a disclosure list (nested lists; a heading is a button that says whether it is expanded and
 * opens the list under it, so Tab, Enter and Space do everything and a screen reader hears the
 * nesting), each row with its figures in words and as a bar, and a Practice button. The subject
 * itself is the page's summary, not a row. Collapsed lists are not drawn: a subject has hundreds
 * of objectives.
 */
import type { CoverageNode } from "@preflight/sync-protocol/rules/objective-coverage";
import { Button } from "../../ui/Button.tsx";

export const LEVEL_NAMES: Record<CoverageNode["level"], string> = {
  subject: "Subject",
  topic: "Topic",
  subtopic: "Subtopic",
  section: "Section",
  objective: "Learning objective",
};

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/** "12 of 34 answered · 75% right", or what stands in for it. */
export function coverageWords(node: Pick<CoverageNode, "questions" | "answered" | "rate">): string {
  if (node.questions === 0) return "No questions yet";
  const answered = `${node.answered.toLocaleString("en")} of ${plural(node.questions, "question")} answered`;
  return node.rate === null ? answered : `${answered} · ${node.rate}% right`;
}

/** Right, wrong and unanswered as shares of the node's questions (drawn; the words say it for screen readers). */
export function CoverageBar({ node, className = "" }: { node: CoverageNode; className?: string }) {
  const share = (n: number) => `${node.questions === 0 ? 0 : (n / node.questions) * 100}%`;
  return (
    <div aria-hidden className={`flex h-2 overflow-hidden rounded-full bg-slate-200 ${className}`}>
      <div className="bg-success" style={{ width: share(node.correct) }} />
      <div className="bg-amber-500" style={{ width: share(node.answered - node.correct) }} />
    </div>
  );
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 20 20" className={`h-4 w-4 transition-transform ${open ? "rotate-90" : ""}`} aria-hidden>
      <path d="M7 4l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function Row({
  node,
  depth,
  expanded,
  onToggle,
  onPractice,
  starting,
}: {
  node: CoverageNode;
  depth: number;
  expanded: ReadonlySet<string>;
  onToggle: (code: string) => void;
  onPractice: (node: CoverageNode) => void;
  starting: boolean;
}) {
  const heading = node.children.length > 0;
  const open = heading && expanded.has(node.code);
  const listId = `objectives-${node.code}`;
  const label = (
    <span className="min-w-0">
      <span className="mr-2 font-mono text-xs text-slate-500">{node.code}</span>
      <span className={heading ? "text-sm font-medium text-slate-900" : "text-sm text-slate-800"}>{node.title}</span>
    </span>
  );
  return (
    <li
      data-testid="objective-row"
      data-code={node.code}
      data-level={node.level}
      data-questions={node.questions}
      data-answered={node.answered}
      data-correct={node.correct}
    >
      <div
        className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-slate-100 py-2 pr-2 sm:flex-nowrap"
        // Each level indents by a step; the phone keeps the steps small.
        style={{ paddingLeft: `calc(${depth} * var(--tree-indent))` }}
      >
        {heading ? (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            onClick={() => onToggle(node.code)}
            className="flex min-h-11 min-w-0 flex-1 basis-full cursor-pointer items-center gap-1 rounded-md text-left outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 sm:basis-auto"
            data-testid="objective-toggle"
          >
            <span className="flex h-8 w-8 shrink-0 items-center justify-center text-slate-500">
              <Chevron open={open} />
            </span>
            {label}
          </button>
        ) : (
          <div className="flex min-h-11 min-w-0 flex-1 basis-full items-center gap-1 sm:basis-auto">
            <span className="w-8 shrink-0" />
            {label}
          </div>
        )}
        <div className="ml-9 flex min-w-0 flex-1 items-center gap-3 sm:ml-0 sm:w-64 sm:flex-none lg:w-96">
          <div className="min-w-0 flex-1">
            <p className="text-xs text-slate-600 tabular-nums" data-testid="objective-figures">
              {coverageWords(node)}
            </p>
            <CoverageBar node={node} className="mt-1" />
          </div>
          {node.questions > 0 ? (
            <Button
              variant="secondary"
              className="shrink-0 px-3"
              onPress={() => onPractice(node)}
              disabled={starting}
              ariaLabel={`Practice these questions: ${node.code} ${node.title}`.slice(0, 160)}
              testId="objective-practice"
            >
              Practice
            </Button>
          ) : (
            <span className="w-[5.6rem] shrink-0" />
          )}
        </div>
      </div>
      {open ? (
        <ul id={listId} aria-label={`${node.code} ${node.title}`.slice(0, 120)}>
          {node.children.map((child) => (
            <Row
              key={child.code}
              node={child}
              depth={depth + 1}
              expanded={expanded}
              onToggle={onToggle}
              onPractice={onPractice}
              starting={starting}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function ObjectivesTree({
  root,
  label,
  expanded,
  onToggle,
  onPractice,
  starting,
}: {
  root: CoverageNode;
  label: string;
  expanded: ReadonlySet<string>;
  onToggle: (code: string) => void;
  onPractice: (node: CoverageNode) => void;
  starting: boolean;
}) {
  return (
    <ul aria-label={label} data-testid="objectives-tree" className="[--tree-indent:0.75rem] sm:[--tree-indent:1.5rem]">
      {root.children.map((node) => (
        <Row
          key={node.code}
          node={node}
          depth={0}
          expanded={expanded}
          onToggle={onToggle}
          onPractice={onPractice}
          starting={starting}
        />
      ))}
    </ul>
  );
}
