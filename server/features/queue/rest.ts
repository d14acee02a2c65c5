import type { Router } from "express";
import type { DB } from "../../../db/index.ts";
import { serviceFor } from "../../engine/services.ts";
import { handle, requireUser, serviceContext } from "../../http/rest/index.ts";
import { queueBoard } from "./queries.ts";

// The window's calls beyond the registry's (decision 206), before the registry's `queue/{id}`:
// - POST queue/call-next {window_id}: the next ticket called to the window ({data: null} when no
//   one waits); recall, skip, done and transfer are the registry's `PUT queue/{command}/{id}`;
// - GET queue/board: what the hall's display shows (signed in here; the display page is public).
export function registerQueueRoutes(router: Router, _db: DB): void {
  router.post(
    "/api/queue/call-next",
    handle(async (req, res) => {
      requireUser(req);
      const data = await serviceFor("queue").callNext(serviceContext(req), req.body);
      res.json({ data, message: data ? `Called ${data.code}.` : "No one is waiting." });
    }),
  );
  router.get(
    "/api/queue/board",
    handle(async (req, res) => {
      requireUser(req);
      res.json({ data: await queueBoard(serviceContext(req)) });
    }),
  );
}
