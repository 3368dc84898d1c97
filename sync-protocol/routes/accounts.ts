import { z } from "zod";
import {
  accountFormReplySchema,
  activationSchema,
  emailChangeConfirmSchema,
  emailChangeReplySchema,
  emailChangeSchema,
  emailPreferencesSchema,
  freeTrialFormReplySchema,
  freeTrialSchema,
  passwordEmailSchema,
  passwordResetSchema,
  registrationFormReplySchema,
  registrationSchema,
  resendActivationSchema,
} from "../schemas/accounts.ts";
import { preferencesReplySchema } from "../schemas/profile.ts";
import { route } from "./route.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The account life cycle (spec accounts §1–§9): joining, activating, the free trial, forgotten
 * and reset password, the e-mail change and the spec's e-mail preferences call. All are online.
 * The joining forms post as JSON or as ordinary form posts, carrying the anti-forgery token
 * their GET handed out (double submit).
 */
export const accountsRoutes = {
  registrationForm: route({ method: "GET", path: "/api/register", auth: "none", reply: registrationFormReplySchema }),
  register: route({
    method: "POST",
    path: "/register",
    auth: "none",
    body: registrationSchema,
    bodyKind: "form",
    reply: accountFormReplySchema,
  }),
  activate: route({
    method: "POST",
    path: "/register/activate",
    auth: "none",
    body: activationSchema,
    reply: accountFormReplySchema,
  }),
  resendActivation: route({
    method: "POST",
    path: "/register/resend",
    auth: "none",
    body: resendActivationSchema,
    reply: accountFormReplySchema,
  }),
  freeTrialForm: route({ method: "GET", path: "/api/free-trial", auth: "none", reply: freeTrialFormReplySchema }),
  freeTrial: route({
    method: "POST",
    path: "/free-trial",
    auth: "none",
    body: freeTrialSchema,
    bodyKind: "form",
    reply: accountFormReplySchema,
  }),
  passwordEmail: route({
    method: "POST",
    path: "/password/email",
    auth: "none",
    body: passwordEmailSchema,
    reply: accountFormReplySchema,
  }),
  passwordReset: route({
    method: "POST",
    path: "/password/reset",
    auth: "none",
    body: passwordResetSchema,
    reply: accountFormReplySchema,
  }),
  /** Online only: needs the current password; the new address gets a confirmation link. */
  changeEmail: route({
    method: "POST",
    path: "/profile/email",
    auth: "session",
    body: emailChangeSchema,
    reply: emailChangeReplySchema,
  }),
  /** No session: the confirmation link may be opened in any browser. */
  confirmEmail: route({
    method: "POST",
    path: "/email/confirm",
    auth: "none",
    body: emailChangeConfirmSchema,
    reply: accountFormReplySchema,
  }),
  /** The spec's name for the queued POST /profile/preferences, for the student's own user_id only. */
  emailPreferences: route({
    method: "POST",
    path: "/email-preferences/{user_id}",
    auth: "session",
    params: z.object({ user_id: z.string().regex(UUID, "user_id must be a user id") }),
    body: emailPreferencesSchema,
    reply: preferencesReplySchema,
  }),
};
