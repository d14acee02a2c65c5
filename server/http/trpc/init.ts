import { initTRPC, TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";
import type { ServiceContext } from "../../context.ts";
import { isAppError, rejectNul, toAppError, ValidationError } from "../../errors.ts";
import { translatedErrors, translatedMessage } from "../../../domain/i18n/server-messages.ts";

// tRPC at /trpc (DESIGN §1): procedures are thin adapters that parse input and call a service.

export type TrpcContext = ServiceContext;

const CODE_FOR_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  419: "FORBIDDEN",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
  503: "SERVICE_UNAVAILABLE",
};

export function toTrpcError(raw: unknown): TRPCError {
  if (raw instanceof TRPCError) return raw;
  const error = toAppError(raw);
  if (isAppError(error))
    return new TRPCError({ code: CODE_FOR_STATUS[error.status] ?? "INTERNAL_SERVER_ERROR", message: error.message, cause: error });
  return new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "Server Error", cause: error instanceof Error ? error : undefined });
}

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const appError = isAppError(cause) ? cause : null;
    // zod input errors become the same field map as a REST 422.
    const zodIssues = (cause as { issues?: { path: PropertyKey[]; message: string }[] } | undefined)?.issues;
    const english = appError?.errors ?? (zodIssues ? ValidationError.fromZod({ issues: zodIssues }).errors : undefined);
    // The message and the field messages in the request's language (issue 33 item 4); English as they were.
    const errors = english && translatedErrors(english);
    return {
      ...shape,
      message: translatedMessage(error.code === "INTERNAL_SERVER_ERROR" && !appError ? "Server Error" : shape.message),
      data: {
        ...shape.data,
        stack: undefined,
        httpStatus: appError?.status ?? (zodIssues ? 422 : shape.data.httpStatus),
        errors,
      },
    };
  },
});

export const router = t.router;

/**
 * Every service error (AppError) is turned into its tRPC code with the same message; so is a
 * database error the client caused (a unique key lost to a race: 422 on the field).
 */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = toAppError(result.error.cause);
    if (isAppError(cause))
      throw new TRPCError({ code: CODE_FOR_STATUS[cause.status] ?? "INTERNAL_SERVER_ERROR", message: cause.message, cause });
  }
  return result;
});

/** A NUL byte anywhere in the input is a 422 on its field, before any query. */
const rejectNulInput = t.middleware(async ({ getRawInput, next }) => {
  rejectNul(await getRawInput());
  return next();
});

export const publicProcedure = t.procedure.use(mapErrors).use(rejectNulInput);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Unauthenticated." });
  return next({ ctx: { ...ctx, user: ctx.user } });
});
