import {
  appActivateReplySchema,
  appActivateSchema,
  licenceActivateReplySchema,
  licenceActivateSchema,
  licenceValidateReplySchema,
  licenceValidateSchema,
} from "../schemas/licence.ts";
import { route } from "./route.ts";

/**
 * Licence activation (spec accounts §2, §7): the installed app is activated before anyone signs
 * in on it, so no call needs a session: the licence key and the account number are the proof,
 * and wrong guesses are limited per address and per account number.
 */
export const licenceRoutes = {
  licenceValidate: route({
    method: "POST",
    path: "/licence/validate",
    auth: "none",
    body: licenceValidateSchema,
    reply: licenceValidateReplySchema,
  }),
  licenceActivate: route({
    method: "POST",
    path: "/licence/activate",
    auth: "none",
    body: licenceActivateSchema,
    reply: licenceActivateReplySchema,
  }),
  appActivate: route({
    method: "POST",
    path: "/app/activate",
    auth: "none",
    body: appActivateSchema,
    reply: appActivateReplySchema,
  }),
};
