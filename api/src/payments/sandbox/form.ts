/**
 * Stripe's request bodies are form-encoded with bracketed keys, as the SDK writes them:
 *   line_items[0][price_data][currency]=eur&line_items[0][quantity]=1&metadata[reference]=c_1
 * parseStripeForm turns that back into the nested object the SDK was given
 *   { line_items: [{ price_data: { currency: "eur" }, quantity: "1" }], metadata: { reference: "c_1" } }
 * (every leaf a string, as on the wire; a level whose keys are 0..n-1 becomes an array).
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };

const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

export class FormError extends Error {}

export function parseStripeForm(body: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = keyPath(key);
    let node: Record<string, FormValue> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (next === undefined) {
        const created: Record<string, FormValue> = {};
        node[part] = created;
        node = created;
      } else if (typeof next === "object" && !Array.isArray(next)) {
        node = next;
      } else {
        throw new FormError(`Parameter ${key} conflicts with another parameter`);
      }
    });
  }
  return arraysOf(root) as Record<string, FormValue>;
}

/** "a[b][0]" → ["a", "b", "0"] */
function keyPath(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match?.[1]) throw new FormError(`Invalid parameter name: ${key}`);
  const parts = [match[1], ...[...(match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? "")];
  for (const part of parts) {
    if (part === "" || UNSAFE_KEYS.has(part)) throw new FormError(`Invalid parameter name: ${key}`);
  }
  return parts;
}

function arraysOf(value: FormValue): FormValue {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((k) => [k, arraysOf(value[k] as FormValue)]));
  const isList = keys.length > 0 && keys.every((k, i) => k === String(i));
  return isList ? keys.map((k) => converted[k] as FormValue) : converted;
}
