import type { Router } from "express";
import type { DB } from "../../../db/index.ts";
import { handle, requireUser, serviceContext } from "../../http/rest/index.ts";
import { parseId } from "../../http/rest/params.ts";
import { notFound } from "../../errors.ts";
import { isCalendarDate } from "../../../domain/registry/fields.ts";
import { parseDayQuery, remitDay, remittanceDay, remittanceDays, remittedMessage, undoneMessage, undoRemittance } from "./remittances.ts";

// The REST extras of collections (spec §7.3): GET remittance/collection/day with its query, the
// `search` child (one collector's day and its receipts), remitting a day's pending receipts with
// their deposit, and undoing the collector's latest remittance.

export function registerCollectionRoutes(router: Router, db: DB): void {
  const ctxOf = (req: Parameters<typeof requireUser>[0]) => {
    requireUser(req);
    return serviceContext(req, db);
  };
  router.get(
    "/api/remittance/collection/day",
    handle(async (req, res) => {
      res.json(
        await remittanceDays(
          ctxOf(req),
          parseDayQuery(req.query as Record<string, unknown>),
          `${req.baseUrl}/api/remittance/collection/day`,
        ),
      );
    }),
  );
  router.get(
    "/api/remittance/collection/day/:collector_id/:date",
    handle(async (req, res) => {
      const date = String(req.params.date);
      if (!isCalendarDate(date)) throw notFound("day");
      res.json({ data: await remittanceDay(ctxOf(req), parseId(req.params.collector_id), date) });
    }),
  );
  router.post(
    "/api/remittance/collection/remit",
    handle(async (req, res) => {
      const data = await remitDay(ctxOf(req), req.body);
      res.status(201).json({ data, message: remittedMessage(data) });
    }),
  );
  router.post(
    "/api/remittance/collection/undo/:id",
    handle(async (req, res) => {
      const data = await undoRemittance(ctxOf(req), parseId(req.params.id), req.body);
      res.json({ data, message: undoneMessage(data) });
    }),
  );
}
