export { LicencePage } from "./LicencePage.tsx";
export { MigrationPage } from "./MigrationPage.tsx";
