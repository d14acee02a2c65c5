import { data, type MiddlewareFunction } from "react-router";
import { nulFieldErrors } from "../../errors.ts";

// The page transport's input guard, beside csrfGuard in app/root.tsx:
// - a path that is not valid percent-encoding (`/manage/residents/%E0%A4%A`) names no page: 404,
//   as spec §8's missing page, instead of whatever a loader makes of the raw text;
// - a NUL byte in the address's query or in a posted form field is a 422 naming the field, before
//   a loader or an action reaches the database (Postgres refuses NUL in text; REST and tRPC refuse
//   it in server/http/rest/index.ts and server/http/trpc/init.ts the same way).

type Middleware = MiddlewareFunction<Response>;

export const NOT_FOUND_MESSAGE = "This page could not be found.";

/** The first field error's message, which is what a page's error screen shows. */
function refuse(errors: Record<string, string[]>): never {
  throw data(Object.values(errors)[0][0], { status: 422 });
}

/** A form's string values keyed by field name ("a", "a[0].b" as posted); files are left alone. */
function formStrings(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") out[key] = value;
  return out;
}

export const inputGuard: Middleware = async ({ request }) => {
  const url = new URL(request.url);
  try {
    decodeURIComponent(url.pathname);
  } catch {
    throw data(NOT_FOUND_MESSAGE, { status: 404 });
  }
  const query = nulFieldErrors(Object.fromEntries(url.searchParams));
  if (query) refuse(query);
  if (["GET", "HEAD", "OPTIONS"].includes(request.method)) return;
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("form")) {
    const form = await request
      .clone()
      .formData()
      .catch(() => null);
    const fields = form ? nulFieldErrors(formStrings(form)) : null;
    if (fields) refuse(fields);
  }
};
