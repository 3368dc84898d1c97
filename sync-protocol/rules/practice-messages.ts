/** The practice builder's messages, without the filter's schemas (practice-filter.ts re-exports them). */
export const PRACTICE_MESSAGES = {
  noQuestions: "There are no questions available with these filters selected.",
  noSubjects: "No subjects found",
  noTopics: "No topics found",
  noSubtopics: "No subtopics found",
  noSections: "No sections found",
  startingAll: "Starting test... This may take a while",
  summaryFailed: "Could not load test summary",
  startFailed: "Could not start test",
} as const;
