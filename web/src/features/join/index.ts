export { ActivatePage } from "./ActivatePage.tsx";
export { FreeTrialPage } from "./FreeTrialPage.tsx";
export { RegisterPage } from "./RegisterPage.tsx";
export { ResendActivationPage } from "./ResendActivationPage.tsx";
