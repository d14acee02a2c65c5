import express, { type Request, type RequestHandler, type Response, type Router } from "express";
import { withNestedRouter } from "./openapi.ts";
import type { DB } from "../../../db/index.ts";
import { allResources, findResource, getResource, restBase } from "../../../domain/registry/index.ts";
import { parseListQuery } from "../../../domain/registry/list-query.ts";
import * as messages from "../../../domain/registry/messages.ts";
import { userCommands, type ResourceDef } from "../../../domain/registry/types.ts";
import type { ResourceEngine } from "../../engine/engine.ts";
import { serviceByName } from "../../engine/services.ts";
import { AppError, forbidden, notFound, ValidationError } from "../../errors.ts";
import { can } from "../../../domain/permissions.ts";
import { handle, requireUser, serviceContext } from "./index.ts";
import { registerPeopleRoutes } from "../../features/people/rest.ts";
import { registerCollectionRoutes } from "../../features/collections/rest.ts";
import { registerHubRoutes } from "../../features/hub/rest.ts";
import { recordHistory } from "../../features/audit/history.ts";

// Spec §7.2's pattern for every registry entry, with §7.3's exceptions (DESIGN §7).

export { idsFromBody, parseId } from "./params.ts";
import { idsFromBody, parseId } from "./params.ts";

function resourceRoutes(router: Router, db: DB, def: ResourceDef): void {
  const engine = serviceByName(def.name);
  const base = restBase(def);
  const ctxOf = (req: Request) => {
    requireUser(req);
    return serviceContext(req, db);
  };

  const list = handle(async (req: Request, res: Response) => {
    const query = parseListQuery(req.query as Record<string, unknown>, def);
    res.json(await engine.list(ctxOf(req), query, `${req.baseUrl}${base}`));
  });
  router.get(base, list);
  router.get(`${base}/index_trashed`, list);
  router.get(
    `${base}/count`,
    handle(async (req, res) => {
      const query = parseListQuery(req.query as Record<string, unknown>, def);
      res.json({ data: await engine.count(ctxOf(req), query) });
    }),
  );
  router.get(
    `${base}/:id`,
    handle(async (req, res) => {
      res.json({ data: await engine.get(ctxOf(req), parseId(req.params.id)) });
    }),
  );
  // The record's history (view-audit), a page of 50 entries at a time (?page=2).
  if (!def.readOnly) {
    router.get(
      `${base}/:id/history`,
      handle(async (req, res) => {
        res.json({ data: await recordHistory(ctxOf(req), def.name, parseId(req.params.id), req.query.page) });
      }),
    );
  }
  router.post(
    base,
    handle(async (req, res) => {
      const data = await engine.create(ctxOf(req), req.body);
      res.status(201).json({ data, message: messages.MSG_SAVED });
    }),
  );
  router.put(
    `${base}/:id`,
    handle(async (req, res) => {
      const data = await engine.update(ctxOf(req), parseId(req.params.id), req.body);
      res.json({ data, message: messages.MSG_UPDATED });
    }),
  );
  router.delete(
    `${base}/:id`,
    handle(async (req, res) => res.json(await removeOne(engine, ctxOf(req), parseId(req.params.id), withReason(req)))),
  );
  // Commands (DESIGN §10): PUT {path}/{command}/{id}, e.g. PUT cheque-issuance/void/7 with {reason}.
  for (const command of userCommands(def)) {
    router.put(
      `${base}/${command.name}/:id`,
      handle(async (req, res) => {
        const data = await engine.command(ctxOf(req), command.name, parseId(req.params.id), withReason(req));
        res.json({ data, message: engine.commandMessage(command.name, data) });
      }),
    );
  }
  router.post(
    `${base}/restore`,
    handle(async (req, res) => res.json(await restoreOne(engine, ctxOf(req), parseId((req.body as { id?: unknown })?.id)))),
  );
  router.post(
    `${base}/multiple_delete_${def.restPath}`,
    handle(async (req, res) => {
      const n = await engine.removeMany(ctxOf(req), idsFromBody(req.body));
      res.json({ data: n, message: messages.deletedManyMessage(def, n) });
    }),
  );
  router.post(
    `${base}/multiple_restore_${def.restPath}`,
    handle(async (req, res) => {
      const n = await engine.restoreMany(ctxOf(req), idsFromBody(req.body));
      res.json({ data: n, message: messages.restoredManyMessage(def, n) });
    }),
  );
}

/**
 * The body of a call that may ask a reason (a cancel, a void), for REST clients written against
 * the spec, whose DELETE and void calls send none: the reason in the body or the query, else
 * "no reason given (REST)". The screens ask it; this keeps those clients working (decision 192).
 */
function withReason(req: Request): Record<string, unknown> {
  const body = req.body && typeof req.body === "object" && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
  const given = [body.reason, req.query.reason].find((r) => typeof r === "string" && r.trim() !== "");
  return { ...body, reason: given ?? messages.REST_NO_REASON };
}

async function removeOne(engine: ResourceEngine, ctx: ReturnType<typeof serviceContext>, id: number, input?: unknown) {
  const data = await engine.remove(ctx, id, input);
  return { data, message: messages.deletedMessage(engine.def, engine.displayName(data)) };
}

async function restoreOne(engine: ResourceEngine, ctx: ReturnType<typeof serviceContext>, id: number) {
  const data = await engine.restore(ctx, id);
  return { data, message: messages.restoredMessage(engine.def, engine.displayName(data)) };
}

/** Which registry entry serves a user row of a kind (spec §7.3: user-based entities go through user calls). */
const RESOURCE_FOR_USER_KIND: Record<string, string> = {
  non_resident: "non_resident",
  organization: "organization",
  resident: "resident",
  staff: "user",
};

async function engineForUser(db: DB, id: number): Promise<ResourceEngine> {
  const row = await db.selectFrom("users").select("kind").where("id", "=", id).executeTakeFirst();
  const def = row ? findResource(RESOURCE_FOR_USER_KIND[row.kind]) : undefined;
  if (!def) throw notFound("user");
  return serviceByName(def.name);
}

/** The user calls of spec §7.3 for the user-based entities in the registry. */
function userCalls(router: Router, db: DB): void {
  router.delete(
    "/api/user/:id",
    handle(async (req, res) => {
      const id = parseId(req.params.id);
      res.json(await removeOne(await engineForUser(db, id), serviceContext(req, db), id));
    }),
  );
  router.post(
    "/api/user/restore",
    handle(async (req, res) => {
      const id = parseId((req.body as { id?: unknown })?.id);
      res.json(await restoreOne(await engineForUser(db, id), serviceContext(req, db), id));
    }),
  );
  for (const [op, deleted] of [
    ["multiple_delete_user", true],
    ["multiple_restore_user", false],
  ] as const) {
    router.post(
      `/api/user/${op}`,
      handle(async (req, res) => {
        const user = requireUser(req);
        const ids = [...new Set(idsFromBody(req.body))];
        if (ids.length === 0) throw ValidationError.field("ids", messages.MSG_SELECT_RECORDS);
        // Group the selection by kind so each group is checked against its own permission, all of
        // them before anything changes. Only the rows the call can change go on (active ones to
        // remove, trashed ones to restore); a selection with none is the 422 that names the ids,
        // as every multi-call answers.
        const rows = await db.selectFrom("users").select(["id", "kind", "deleted_at"]).where("id", "in", ids).execute();
        const groups = new Map<string, number[]>();
        for (const row of rows) {
          const def = findResource(RESOURCE_FOR_USER_KIND[row.kind]);
          if (!def) throw new AppError(404, "The user could not be found.");
          if (!can(user, `${deleted ? "delete" : "restore"}-${def.name}`)) throw forbidden();
          if ((row.deleted_at == null) === deleted) groups.set(row.kind, [...(groups.get(row.kind) ?? []), row.id]);
        }
        if (groups.size === 0) throw ValidationError.field("ids", messages.nothingToActOnMessage(getResource("user"), ids, deleted));
        const ctx = serviceContext(req, db);
        let n = 0;
        await db.transaction().execute(async (trx) => {
          for (const [kind, groupIds] of groups) {
            const def = findResource(RESOURCE_FOR_USER_KIND[kind]);
            if (!def) throw new AppError(404, "The user could not be found.");
            const engine = serviceByName(def.name);
            n += deleted ? await engine.removeMany({ ...ctx, db: trx }, groupIds) : await engine.restoreMany({ ...ctx, db: trx }, groupIds);
          }
        });
        res.json({ data: n, message: deleted ? `Successfully removed ${n} users.` : `Successfully restored ${n} users.` });
      }),
    );
  }
}

export function registerResourceRoutes(router: Router, db: DB): void {
  userCalls(router, db);
  // The people extras first: they answer some of the generated paths (resident?search=, household?purok_id=).
  registerPeopleRoutes(router, db);
  registerCollectionRoutes(router, db);
  // The hub's administration (issue 29): hub administrators only.
  registerHubRoutes(router, db);
  // Each entry's routes sit in a router of their own that a request enters only when its path is
  // under the entry's base: Express tries every route in order, and a flat list made a call to the
  // 20th entry walk 200 routes first (6 % of a count request's CPU). The paths, their
  // order and req.baseUrl are unchanged (the inner router is called as a plain middleware).
  for (const def of allResources()) {
    const base = restBase(def);
    const entryRouter = express.Router();
    resourceRoutes(entryRouter, db, def);
    const lowerBase = base.toLowerCase();
    const under = `${lowerBase}/`;
    const enterEntry: RequestHandler = (req, res, next) => {
      // Express matches paths without regard to case (its default), so this test does too.
      const path = req.path.toLowerCase();
      return path === lowerBase || path.startsWith(under) ? entryRouter(req, res, next) : next();
    };
    router.use(withNestedRouter(enterEntry, entryRouter));
  }
}
