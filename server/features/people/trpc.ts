import { z } from "zod";
import { checkHousehold } from "./households.ts";
import { AreaAlreadyListed, checkDisasterProneArea } from "./disaster-prone-areas.ts";
import { findDuplicates } from "./residents.ts";
import { searchResidents } from "./resident-search.ts";
import { can } from "../../../domain/permissions.ts";
import { forbidden } from "../../errors.ts";
import { authedProcedure, router } from "../../http/trpc/init.ts";

// tRPC twins of the people calls (DESIGN §1: search-as-you-type, checks). Thin: parse, call the service.

export const peopleRouters = {
  resident: router({
    /** The top-bar search (spec §7.1's GET {global_path}/resident?search=). */
    search: authedProcedure
      .input(z.object({ search: z.string().max(200), limit: z.number().int().min(1).max(50).optional() }))
      .query(async ({ ctx, input }) => {
        const outcome = await searchResidents(ctx, input.search, { limit: input.limit });
        return { data: outcome.data, strategy: outcome.strategy };
      }),
    /** The duplicate warning of the resident form: same name and birth date. */
    duplicates: authedProcedure
      .input(
        z.object({
          firstname: z.string().max(100),
          lastname: z.string().max(100),
          date_of_birth: z.string().max(10),
          except_id: z.number().int().positive().nullish(),
        }),
      )
      .query(async ({ ctx, input }) => {
        if (!can(ctx.user, "create-resident") && !can(ctx.user, "update-resident")) throw forbidden();
        return findDuplicates(ctx, input, input.except_id ?? null);
      }),
  }),
  household: router({
    /** POST household/check_household's twin: resolves when every person is free, 422 otherwise. */
    check: authedProcedure.input(z.unknown()).mutation(({ ctx, input }) => checkHousehold(ctx, input)),
  }),
  disasterProneArea: router({
    /** check_disaster_prone_area's twin: answers the existing active entry instead of refusing. */
    check: authedProcedure.input(z.unknown()).mutation(async ({ ctx, input }) => {
      try {
        return await checkDisasterProneArea(ctx, input);
      } catch (error) {
        if (error instanceof AreaAlreadyListed) return { available: false as const, existing: error.existing, message: error.message };
        throw error;
      }
    }),
  }),
};
