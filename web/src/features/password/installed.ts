/**
 * Whether the app runs installed (spec: the offline mode of the password forms): a home-screen
 * app reports display-mode standalone; Safari on an iPad says so with navigator.standalone.
 * An installed app gets a reset code to type in, since a mailed link would open the browser.
 */
export function runsInstalled(): boolean {
  if (typeof window === "undefined") return false;
  if (window.matchMedia?.("(display-mode: standalone)").matches) return true;
  return Reflect.get(navigator, "standalone") === true;
}
