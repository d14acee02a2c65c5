import type { Request, Router } from "express";
import type { DB } from "../../../db/index.ts";
import { isSetupMark } from "../../../domain/setup.ts";
import { AppError } from "../../errors.ts";
import { handle, requireUser, serviceContext } from "../../http/rest/index.ts";
import * as setup from "./service.ts";

// The first-run checklist over REST (issue 33 item 3), under {api_path}/setup: each call one
// service call; the service refuses everyone but the administrator with the spec's 403.
// - GET setup: {data: the checklist};
// - GET setup/identity, POST setup/identity {psgc_code}, POST setup/address {address},
//   POST setup/language {default_language: "en" | "fil"};
// - GET setup/psgc?q=: the PSGC list's barangays matching a name;
// - POST and DELETE setup/marks/{mark}: set or clear a mark no record can tell (no_cheques).

export function registerSetupRoutes(router: Router, db: DB): void {
  const ctxOf = (req: Request) => {
    requireUser(req);
    return serviceContext(req, db);
  };
  const markOf = (req: Request) => {
    const mark = req.params.mark;
    if (!isSetupMark(mark)) throw new AppError(404, "The mark could not be found.");
    return mark;
  };
  router.get(
    "/api/setup",
    handle(async (req, res) => {
      res.json({ data: await setup.setupChecklist(ctxOf(req)) });
    }),
  );
  router.get(
    "/api/setup/identity",
    handle(async (req, res) => {
      res.json({ data: await setup.setupIdentity(ctxOf(req)) });
    }),
  );
  router.get(
    "/api/setup/psgc",
    handle(async (req, res) => {
      res.json({ data: await setup.searchIdentity(ctxOf(req), typeof req.query.q === "string" ? req.query.q : "") });
    }),
  );
  router.post(
    "/api/setup/identity",
    handle(async (req, res) => {
      res.json(await setup.setIdentity(ctxOf(req), req.body));
    }),
  );
  router.post(
    "/api/setup/address",
    handle(async (req, res) => {
      res.json(await setup.setAddress(ctxOf(req), req.body));
    }),
  );
  router.post(
    "/api/setup/language",
    handle(async (req, res) => {
      res.json(await setup.setLanguage(ctxOf(req), req.body));
    }),
  );
  router.post(
    "/api/setup/marks/:mark",
    handle(async (req, res) => {
      res.json(await setup.setMark(ctxOf(req), markOf(req), true));
    }),
  );
  router.delete(
    "/api/setup/marks/:mark",
    handle(async (req, res) => {
      res.json(await setup.setMark(ctxOf(req), markOf(req), false));
    }),
  );
}
