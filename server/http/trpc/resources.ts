import { z } from "zod";
import { parseListQuery } from "../../../domain/registry/list-query.ts";
import { serviceByName } from "../../engine/services.ts";
import { authedProcedure, router } from "./init.ts";

// tRPC twins of the registry's REST routes (DESIGN §4): one set of procedures for every entry,
// addressed by the entry's name. Thin: parse, call the entry's service (serviceFor, DESIGN §10).

const resourceName = z.string().regex(/^[a-z_]+$/);
const engine = serviceByName;
const queryInput = z.object({ resource: resourceName, query: z.record(z.string(), z.unknown()).default({}) });
const idInput = z.object({ resource: resourceName, id: z.number().int().positive() });
const idsInput = z.object({ resource: resourceName, ids: z.array(z.number().int().positive()).max(1000) });

export const resourceRouter = router({
  list: authedProcedure.input(queryInput).query(({ ctx, input }) => {
    const e = engine(input.resource);
    return e.list(ctx, parseListQuery(input.query, e.def));
  }),
  count: authedProcedure.input(queryInput).query(({ ctx, input }) => {
    const e = engine(input.resource);
    return e.count(ctx, parseListQuery(input.query, e.def));
  }),
  get: authedProcedure.input(idInput).query(({ ctx, input }) => engine(input.resource).get(ctx, input.id)),
  create: authedProcedure
    .input(z.object({ resource: resourceName, data: z.unknown() }))
    .mutation(({ ctx, input }) => engine(input.resource).create(ctx, input.data)),
  update: authedProcedure
    .input(z.object({ resource: resourceName, id: z.number().int().positive(), data: z.unknown() }))
    .mutation(({ ctx, input }) => engine(input.resource).update(ctx, input.id, input.data)),
  remove: authedProcedure
    .input(idInput.extend({ reason: z.string().max(500).optional() }))
    .mutation(({ ctx, input }) => engine(input.resource).remove(ctx, input.id, { reason: input.reason })),
  restore: authedProcedure.input(idInput).mutation(({ ctx, input }) => engine(input.resource).restore(ctx, input.id)),
  removeMany: authedProcedure.input(idsInput).mutation(({ ctx, input }) => engine(input.resource).removeMany(ctx, input.ids)),
  restoreMany: authedProcedure.input(idsInput).mutation(({ ctx, input }) => engine(input.resource).restoreMany(ctx, input.ids)),
  /** A named command (void, unvoid, cancel…): answers the record after it and the success message. */
  command: authedProcedure
    .input(
      z.object({
        resource: resourceName,
        command: z.string().regex(/^[a-z_]+$/),
        id: z.number().int().positive(),
        input: z.record(z.string(), z.unknown()).default({}),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const service = engine(input.resource);
      const data = await service.command(ctx, input.command, input.id, input.input);
      return { data, message: service.commandMessage(input.command, data) };
    }),
});
