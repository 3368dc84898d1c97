import { z } from "zod";
import {
  activeSyllabusSchema,
  downloadUpdateQuerySchema,
  downloadUpdateReplySchema,
  lastPtResultReplySchema,
  lessonProgressReplySchema,
  lessonsCheckReplySchema,
  progressTestParamsSchema,
  syllabiReplySchema,
  updateSyllabusReplySchema,
  userModulesReplySchema,
  verifyQuestionsReplySchema,
  verifyQuestionsSchema,
} from "../schemas/syllabus.ts";
import { mutationRoute } from "./mutation-route.ts";
import { route } from "./route.ts";

/** Syllabus, lessons and progress tests. */
export const syllabusRoutes = {
  syllabi: route({ method: "GET", path: "/api/syllabi", auth: "session", reply: syllabiReplySchema }),
  /** Switches the active syllabus; an empty body answers the current one's modules. */
  activeSyllabus: route({
    method: "POST",
    path: "/api/user/active-syllabus",
    auth: "session",
    body: activeSyllabusSchema,
    bodyKind: "optional-json",
    reply: userModulesReplySchema,
  }),
  userModules: route({
    method: "POST",
    path: "/api/user/modules",
    auth: "session",
    body: z.strictObject({}),
    bodyKind: "optional-json",
    reply: userModulesReplySchema,
  }),
  lastProgressTestResult: route({
    method: "GET",
    path: "/api/user/last-pt-result/{id}",
    auth: "session",
    params: progressTestParamsSchema,
    reply: lastPtResultReplySchema,
  }),
  verifyQuestions: route({
    method: "POST",
    path: "/test/verify-questions",
    auth: "session",
    body: verifyQuestionsSchema,
    reply: verifyQuestionsReplySchema,
  }),
  downloadUpdate: route({
    method: "GET",
    path: "/test/download-update",
    auth: "session",
    query: downloadUpdateQuerySchema,
    reply: downloadUpdateReplySchema,
  }),
  checkLessons: route({ method: "GET", path: "/check-lessons", auth: "session", reply: lessonsCheckReplySchema }),
  checkLessonsStatus: route({
    method: "GET",
    path: "/check-lessons-status",
    auth: "session",
    reply: lessonsCheckReplySchema,
  }),
  /** The updater asks for the student's syllabus before it lists updates. */
  updateSyllabus: route({
    method: "POST",
    path: "/update/update-syllabus",
    auth: "session",
    reply: updateSyllabusReplySchema,
  }),
  lessonProgress: mutationRoute("POST /api/lesson/progress", lessonProgressReplySchema),
};
