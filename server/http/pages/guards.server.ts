import { data, redirect, type MiddlewareFunction } from "react-router";
import { can, HUB_HOME, isHubUser } from "../../../domain/permissions.ts";
import { serviceContextFor } from "../../context.ts";
import { isAppError } from "../../errors.ts";
import { getRequestContext } from "./context.ts";
import { pageUrl } from "./page-kit.server.ts";
import { CSRF_FIELD, XSRF_HEADER } from "../cookies.ts";
import { timingSafeEqualText } from "../auth-middleware.ts";
import { isResidentOnly, RESIDENT_HOME } from "../../../domain/registry/resident-requests.ts";
import { translatedMessage } from "../../../domain/i18n/server-messages.ts";

// Route guards (DESIGN §6, spec §6): every page is behind `auth` unless its layout names others.
type Middleware = MiddlewareFunction<Response>;

const auth: Middleware = async ({ request, context }) => {
  const rc = getRequestContext(context);
  if (!rc.user) {
    // The page's own address: a client navigation asks for `/x.data?_routes=…`, which is no page to
    // come back to after sign-in.
    const url = pageUrl({ request });
    const back = url.pathname + url.search;
    throw redirect(back && back !== "/" ? `/login?redirectTo=${encodeURIComponent(back)}` : "/login");
  }
  // A resident's account opens their own page (/my, public layout), never the back office (decision 208).
  if (isResidentOnly(rc.user)) throw data("This page is for the barangay's staff. Your requests are on your own page.", { status: 403 });
  // The service context's admission (server/context.ts) for every loader, action and export behind
  // this guard: during maintenance only those who may work through it get past.
  await serviceContextFor(rc).catch((error: unknown) => {
    throw isAppError(error) && error.status === 503 ? data("Maintenance", { status: 503 }) : error;
  });
};

const guest: Middleware = ({ context }) => {
  const user = getRequestContext(context).user;
  if (user) throw redirect(isResidentOnly(user) ? RESIDENT_HOME : isHubUser(user) ? HUB_HOME : "/dashboard");
};

const publicGuard: Middleware = () => {};

const GUARDS: Record<string, Middleware> = { auth, guest, public: publicGuard };

/** The middleware for a layout's guard names; an unknown name is a 500 (spec §8). */
export function guards(...names: string[]): Middleware[] {
  return names.map(
    (name) =>
      GUARDS[name] ??
      (() => {
        throw data(`Unknown middleware ${name}`, { status: 500 });
      }),
  );
}

/** A page route that needs a permission: 403 otherwise (spec §6). */
export function requirePermission(permission: string): Middleware {
  return ({ context }) => {
    if (!can(getRequestContext(context).user, permission)) throw data("You are not authorized to view this page.", { status: 403 });
  };
}

/**
 * CSRF for page actions (DESIGN §6): a state-changing request must carry the XSRF-TOKEN cookie's
 * value in the hidden `_csrf` field or the X-XSRF-TOKEN header; otherwise 419.
 */
export const csrfGuard: Middleware = async ({ request, context }) => {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method)) return;
  const expected = getRequestContext(context).csrfToken;
  let sent = request.headers.get(XSRF_HEADER);
  if (!sent) {
    const type = request.headers.get("content-type") ?? "";
    if (type.includes("form")) {
      // A body that is not valid form data (a broken multipart body) is the client's error: 400.
      const form = await request
        .clone()
        .formData()
        .catch(() => {
          throw data(translatedMessage("The form data could not be read."), { status: 400 });
        });
      const value = form.get(CSRF_FIELD);
      sent = typeof value === "string" ? value : null;
    }
  }
  // The error page shows a 400's or a 419's own text: in the reader's language (issue 33 item 4).
  if (!sent || !timingSafeEqualText(sent, expected)) throw data(translatedMessage("CSRF token mismatch."), { status: 419 });
};
