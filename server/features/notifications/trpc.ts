import { z } from "zod";
import { authedProcedure, router } from "../../http/trpc/init.ts";
import { dismissNotification, markAllRead, markRead, notificationsAfter } from "./service.ts";

// The bell's calls: catch up after a reconnect, mark read, dismiss. Thin: the service decides.

export const notificationsRouter = router({
  /** What came after the last id the browser saw, with the unread count and the newest few. */
  since: authedProcedure.input(z.object({ after: z.number().int().min(0) })).query(({ ctx, input }) => notificationsAfter(ctx, input)),
  markAllRead: authedProcedure.mutation(async ({ ctx }) => ({ marked: await markAllRead(ctx) })),
  markRead: authedProcedure.input(z.object({ id: z.number().int().positive() })).mutation(async ({ ctx, input }) => ({ ok: await markRead(ctx, input) })),
  dismiss: authedProcedure
    .input(z.object({ id: z.number().int().positive() }))
    .mutation(async ({ ctx, input }) => ({ ok: await dismissNotification(ctx, input) })),
});
