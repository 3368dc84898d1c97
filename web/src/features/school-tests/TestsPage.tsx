/**
 * The school's fixed tests page (issue 20): a thin wrapper reading the tests and the classes (to
 * name them) from the server, each kept on the device for a page opened offline.
 */
import { schoolRoutes } from "@preflight/sync-protocol/routes/school";
import { schoolTestsRoutes } from "@preflight/sync-protocol/routes/school-tests";
import type { SchoolClassesReply } from "@preflight/sync-protocol/schemas/school";
import type { SchoolFixedTestsReply } from "@preflight/sync-protocol/schemas/school-tests";
import { Link } from "@tanstack/react-router";
import { SchoolRefreshButton, SchoolViewNotices, useSchoolView } from "../../app/school-view.tsx";
import { call } from "../../local/api.ts";
import { schoolViewKey } from "../../local/school/kept-views.ts";
import { now } from "../../platform.ts";
import { buttonClass } from "../../ui/Button.tsx";
import { Page } from "../../ui/Page.tsx";
import { TestListView } from "./TestListView.tsx";

export function SchoolTestsPage() {
  const tests = useSchoolView<SchoolFixedTestsReply>(schoolViewKey({ tests: "all" }), () =>
    call(schoolTestsRoutes.schoolFixedTests, { globalPolicy: false }),
  );
  const classes = useSchoolView<SchoolClassesReply>(schoolViewKey({}), () =>
    call(schoolRoutes.schoolClasses, { globalPolicy: false }),
  );
  const reply = tests.view.state === "shown" ? tests.view.reply : null;
  return (
    <Page
      title="Fixed tests"
      description={reply ? `${reply.school.name}: the tests your school sets its classes.` : undefined}
      titleTestId="school-tests-title"
      width="wide"
      actions={
        <>
          <Link to="/school" className={buttonClass("quiet")} data-testid="school-back">
            Classes
          </Link>
          <SchoolRefreshButton
            view={tests.view}
            reload={() => {
              tests.reload();
              classes.reload();
            }}
          />
          <Link to="/school/tests/new" className={buttonClass("primary")} data-testid="school-test-new">
            New fixed test
          </Link>
        </>
      }
    >
      <SchoolViewNotices view={tests.view} what="your school's tests" />
      {reply ? (
        <TestListView
          reply={reply}
          classes={classes.view.state === "shown" ? classes.view.reply.classes : null}
          nowMs={now()}
        />
      ) : null}
    </Page>
  );
}
