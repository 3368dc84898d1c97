export { ForgotPasswordPage } from "./ForgotPasswordPage.tsx";
export { runsInstalled } from "./installed.ts";
export { ResetPasswordPage } from "./ResetPasswordPage.tsx";
