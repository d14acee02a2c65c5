import { z } from "zod";
import { acknowledgeWelcome } from "../../auth/sign-in.ts";
import { isMaintenanceMode, setMaintenanceMode } from "../../system/settings.ts";
import { diagnostics } from "../../system/diagnostics.ts";
import { hub } from "../realtime/hub.ts";
import { notificationsRouter } from "../../features/notifications/trpc.ts";
import { sendTestNotification } from "../../features/notifications/service.ts";
import { authedProcedure, publicProcedure, router } from "./init.ts";
import { resourceRouter } from "./resources.ts";
import { peopleRouters } from "../../features/people/trpc.ts";

export const appRouter = router({
  resource: resourceRouter,
  ...peopleRouters,
  system: router({
    status: publicProcedure.query(async ({ ctx }) => ({ maintenance: await isMaintenanceMode(ctx) })),
    setMaintenance: authedProcedure.input(z.object({ on: z.boolean() })).mutation(({ ctx, input }) => setMaintenanceMode(ctx, input.on)),
    diagnostics: authedProcedure.query(({ ctx }) => diagnostics(ctx)),
    sendTestNotification: authedProcedure.mutation(({ ctx }) => sendTestNotification(ctx, (id) => hub.socketsOf(id))),
  }),
  notifications: notificationsRouter,
  auth: router({
    me: publicProcedure.query(({ ctx }) => ctx.user),
    acknowledgeWelcome: authedProcedure.mutation(({ ctx }) => acknowledgeWelcome(ctx)),
  }),
});

export type AppRouter = typeof appRouter;
