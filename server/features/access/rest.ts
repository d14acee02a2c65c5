import express, { type Request, type Router } from "express";
import type { DB } from "../../../db/index.ts";
import { blocklist as blocklistDef } from "../../../domain/registry/access.ts";
import { parseListQuery } from "../../../domain/registry/list-query.ts";
import { toPublicUser } from "../../../domain/session-user.ts";
import { ValidationError } from "../../errors.ts";
import { PHOTO_TOO_LARGE } from "../people/residents.ts";
import { generatePasswordFor, generateUsername, MSG_RESET, resetPassword } from "./access.ts";
import * as account from "./account.ts";
import * as blocklist from "./blocklist.ts";
import { handle, requireUser, serviceContext } from "../../http/rest/index.ts";
import { idsFromBody, parseId } from "../../http/rest/params.ts";

// Spec §7.3's user extras, the blocklist at {global_path}/blocklist and the settings calls
// Registered before the registry's routes so that "user/generate_username" is not
// read as "user/{id}". Thin: parse, call the service, shape the answer.

function ctxOf(req: Request, db: DB) {
  requireUser(req);
  return serviceContext(req, db);
}

/** The generators and password reset, shared by the user and blocklist paths. */
function credentialRoutes(router: Router, db: DB, base: string): void {
  router.get(
    `${base}/generate_username`,
    handle(async (req, res) => {
      res.json({ data: await generateUsername(ctxOf(req, db), req.query) });
    }),
  );
  router.get(
    `${base}/generate_password`,
    handle(async (req, res) => {
      res.set("Cache-Control", "no-store");
      res.json({ data: generatePasswordFor(ctxOf(req, db)) });
    }),
  );
  router.post(
    `${base}/reset_password`,
    handle(async (req, res) => {
      const result = await resetPassword(ctxOf(req, db), req.body);
      res.set("Cache-Control", "no-store");
      // A generated password is answered once, here; a given one is never echoed.
      res.json({ data: result, message: MSG_RESET });
    }),
  );
}

const photoBody = express.raw({ type: ["image/*", "application/octet-stream"], limit: "5mb" });

export function registerAccessRoutes(router: Router, db: DB): void {
  credentialRoutes(router, db, "/api/user");
  credentialRoutes(router, db, "/api/blocklist");

  // --- blocklist ---
  const base = "/api/blocklist";
  router.get(
    base,
    handle(async (req, res) => {
      const query = parseListQuery(req.query as Record<string, unknown>, blocklistDef);
      res.json(await blocklist.listBlocklist(ctxOf(req, db), query, `${req.baseUrl}${base}`));
    }),
  );
  router.get(
    `${base}/count`,
    handle(async (req, res) => {
      const query = parseListQuery(req.query as Record<string, unknown>, blocklistDef);
      res.json({ data: await blocklist.countBlocklist(ctxOf(req, db), query) });
    }),
  );
  router.get(
    `${base}/candidates`,
    handle(async (req, res) => {
      res.json({ data: await blocklist.blockCandidates(ctxOf(req, db), String(req.query.search ?? "")) });
    }),
  );
  router.get(
    `${base}/:id`,
    handle(async (req, res) => {
      res.json({ data: await blocklist.getBlocklistEntry(ctxOf(req, db), parseId(req.params.id)) });
    }),
  );
  router.post(
    base,
    handle(async (req, res) => {
      res.status(201).json(await blocklist.addToBlocklist(ctxOf(req, db), req.body));
    }),
  );
  router.put(
    `${base}/:id`,
    handle(async (req, res) => {
      res.json(await blocklist.updateBlocklistEntry(ctxOf(req, db), parseId(req.params.id), req.body));
    }),
  );
  router.delete(
    `${base}/:id`,
    handle(async (req, res) => {
      res.json(await blocklist.removeFromBlocklist(ctxOf(req, db), parseId(req.params.id)));
    }),
  );
  router.post(
    `${base}/multiple-destroy`,
    handle(async (req, res) => {
      const ctx = ctxOf(req, db);
      res.json(await blocklist.removeManyFromBlocklist(ctx, idsFromBody(req.body)));
    }),
  );
  router.post(
    `${base}/restore`,
    handle(async (req, res) => {
      const ctx = ctxOf(req, db);
      res.json(await blocklist.restoreToBlocklist(ctx, parseId((req.body as { id?: unknown } | null)?.id)));
    }),
  );
  router.post(
    `${base}/multiple_restore_user`,
    handle(async (req, res) => {
      const ctx = ctxOf(req, db);
      res.json(await blocklist.restoreManyToBlocklist(ctx, idsFromBody(req.body)));
    }),
  );

  // --- settings of the signed-in user ---
  router.get(
    "/api/settings",
    handle(async (req, res) => {
      const ctx = ctxOf(req, db);
      res.json({
        data: {
          user: toPublicUser(ctx.user!),
          notifications: await account.myNotificationPreferences(ctx),
          sessions: await account.mySessions(ctx),
        },
      });
    }),
  );
  router.post(
    "/api/settings/account",
    handle(async (req, res) => {
      const user = await account.updateAccount(ctxOf(req, db), req.body);
      res.json({ data: toPublicUser(user), message: account.MSG_ACCOUNT });
    }),
  );
  router.post(
    "/api/settings/identity",
    handle(async (req, res) => {
      const user = await account.updateIdentity(ctxOf(req, db), req.body);
      res.json({ data: toPublicUser(user), message: account.MSG_IDENTITY });
    }),
  );
  router.post(
    "/api/settings/language",
    handle(async (req, res) => {
      const user = await account.updateLanguage(ctxOf(req, db), req.body);
      res.json({ data: toPublicUser(user), message: account.MSG_LANGUAGE(user.language) });
    }),
  );
  router.post(
    "/api/settings/password",
    handle(async (req, res) => {
      const { signedOut } = await account.updatePassword(ctxOf(req, db), req.body);
      res.json({ data: { signed_out: signedOut }, message: account.MSG_PASSWORD });
    }),
  );
  // The photo as the request body (Content-Type image/jpeg, image/png or image/webp).
  router.post(
    "/api/settings/photo",
    (req, res, next) =>
      photoBody(req, res, (error?: unknown) =>
        next(
          (error as { type?: string } | undefined)?.type === "entity.too.large" ? ValidationError.field("photo", PHOTO_TOO_LARGE) : error,
        ),
      ),
    handle(async (req, res) => {
      const ctx = ctxOf(req, db);
      const body = Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : new Uint8Array();
      if (!body.byteLength) throw ValidationError.field("photo", "The photo field is required.");
      res.json({ data: await account.setMyPhoto(ctx, body), message: account.MSG_PHOTO });
    }),
  );
  router.delete(
    "/api/settings/photo",
    handle(async (req, res) => {
      await account.removeMyPhoto(ctxOf(req, db));
      res.json({ message: account.MSG_PHOTO_REMOVED });
    }),
  );
  router.post(
    "/api/settings/notifications",
    handle(async (req, res) => {
      res.json({ data: await account.updateNotificationPreferences(ctxOf(req, db), req.body), message: account.MSG_NOTIFICATIONS });
    }),
  );
  router.get(
    "/api/settings/sessions",
    handle(async (req, res) => {
      res.json({ data: await account.mySessions(ctxOf(req, db)) });
    }),
  );
  router.delete(
    "/api/settings/sessions/:key",
    handle(async (req, res) => {
      await account.endMySession(ctxOf(req, db), String(req.params.key));
      res.json({ message: "Signed out the session." });
    }),
  );
  router.post(
    "/api/settings/sessions/sign-out-others",
    handle(async (req, res) => {
      const n = await account.signOutOtherSessions(ctxOf(req, db));
      res.json({ data: n, message: account.MSG_SIGNED_OUT_OTHERS(n) });
    }),
  );
}
