import type { Request, Router } from "express";
import type { DB } from "../../../db/index.ts";
import { handle, requireUser, serviceContext } from "../../http/rest/index.ts";
import { parseId } from "../../http/rest/params.ts";
import * as hub from "./service.ts";

// The hub's REST calls (issue 29 item 3), under {api_path}/hub: thin, each one service call. The
// service refuses every caller but a hub administrator of the hub's own tenant with the spec's 403.

export function registerHubRoutes(router: Router, db: DB): void {
  const ctxOf = (req: Request) => {
    requireUser(req);
    return serviceContext(req, db);
  };
  const q = (req: Request) => (typeof req.query.q === "string" ? req.query.q : "");
  router.get(
    "/api/hub/barangays",
    handle(async (req, res) => {
      res.json({ data: await hub.listBarangays(ctxOf(req)) });
    }),
  );
  router.get(
    "/api/hub/psgc/barangays",
    handle(async (req, res) => {
      res.json({ data: await hub.searchPsgcBarangays(ctxOf(req), q(req)) });
    }),
  );
  router.get(
    "/api/hub/psgc/cities",
    handle(async (req, res) => {
      res.json({ data: hub.searchPsgcCities(ctxOf(req), q(req)) });
    }),
  );
  router.post(
    "/api/hub/barangays",
    handle(async (req, res) => {
      const { barangay, message } = await hub.createBarangay(ctxOf(req), req.body);
      res.status(201).json({ data: barangay, message });
    }),
  );
  router.get(
    "/api/hub/barangays/:id",
    handle(async (req, res) => {
      res.json({ data: await hub.getBarangay(ctxOf(req), parseId(req.params.id)) });
    }),
  );
  router.post(
    "/api/hub/barangays/:id/psgc",
    handle(async (req, res) => {
      res.json(await hub.setUpBarangay(ctxOf(req), parseId(req.params.id), req.body));
    }),
  );
  router.post(
    "/api/hub/barangays/:id/suspend",
    handle(async (req, res) => {
      res.json(await hub.suspendBarangay(ctxOf(req), parseId(req.params.id), req.body));
    }),
  );
  router.post(
    "/api/hub/barangays/:id/reactivate",
    handle(async (req, res) => {
      res.json(await hub.reactivateBarangay(ctxOf(req), parseId(req.params.id)));
    }),
  );
  router.post(
    "/api/hub/barangays/:id/administrator",
    handle(async (req, res) => {
      res.status(201).json(await hub.createFirstAdministrator(ctxOf(req), parseId(req.params.id), req.body));
    }),
  );
  router.get(
    "/api/hub/officers",
    handle(async (req, res) => {
      res.json({ data: await hub.listOfficers(ctxOf(req)) });
    }),
  );
  router.post(
    "/api/hub/officers",
    handle(async (req, res) => {
      res.status(201).json(await hub.createOfficer(ctxOf(req), req.body));
    }),
  );
}
