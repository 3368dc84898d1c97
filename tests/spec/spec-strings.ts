/**
 * §8 strings the spec quotes in a short form: the texts the product shows for them. Every other
 * quoted string is looked for as it stands.
 */
export const SPEC_STRING_FORMS: Record<string, string[]> = {
  // "'There was an error downloading the question bank in else' or '... in catch'"
  "... in catch": ["There was an error downloading the question bank in catch"],
  // A title over its text.
  "Please wait / Redirecting to payment": ["Please wait", "Redirecting to payment"],
};
