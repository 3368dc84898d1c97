/** Results review (spec: the fragment explanation-{questionId} opens that question). */
const FRAGMENT = /^explanation-(\d+)$/;

/** The fragment that shows one question's review; "" for the list. */
export function reviewFragment(questionId: number | null): string {
  return questionId === null ? "" : `explanation-${questionId}`;
}

/** The question id a fragment names, or null. */
export function reviewedId(hash: string): number | null {
  const id = FRAGMENT.exec(hash)?.[1];
  return id === undefined ? null : Number(id);
}

/** Where in the test the reviewed question sits: -1 for the list, also when answers are hidden. */
export function reviewIndexOf(questionIds: readonly number[], reviewId: number | null, review: boolean): number {
  return review && reviewId !== null ? questionIds.indexOf(reviewId) : -1;
}
