import { z } from "zod";
import { acknowledgeWelcome } from "../services/auth.ts";
import { isMaintenanceMode, setMaintenanceMode } from "../services/settings.ts";
import { diagnostics } from "../services/diagnostics.ts";
import { notifyUser } from "../realtime/hub.ts";
import { authedProcedure, publicProcedure, router } from "./init.ts";
import { resourceRouter } from "./resources.ts";
import { peopleRouters } from "../features/people/trpc.ts";
import { forbidden } from "../errors.ts";
import { can, SYSTEM_ADMIN_PERMISSION } from "../../app/lib/permissions.ts";

export const appRouter = router({
  resource: resourceRouter,
  ...peopleRouters,
  system: router({
    status: publicProcedure.query(async ({ ctx }) => ({ maintenance: await isMaintenanceMode(ctx) })),
    setMaintenance: authedProcedure.input(z.object({ on: z.boolean() })).mutation(({ ctx, input }) => setMaintenanceMode(ctx, input.on)),
    diagnostics: authedProcedure.query(({ ctx }) => diagnostics(ctx)),
    sendTestNotification: authedProcedure.mutation(async ({ ctx }) => {
      if (!can(ctx.user, SYSTEM_ADMIN_PERMISSION)) throw forbidden();
      const delivered = await notifyUser(ctx.user.id, {
        title: "Test notification",
        message: "Notifications reach this browser.",
        type: "info",
      });
      return { delivered };
    }),
  }),
  auth: router({
    me: publicProcedure.query(({ ctx }) => ctx.user),
    acknowledgeWelcome: authedProcedure.mutation(({ ctx }) => acknowledgeWelcome(ctx)),
  }),
});

export type AppRouter = typeof appRouter;
