import type { Route } from "./+types/user-photo";
import { data } from "react-router";
import { readUserPhoto } from "../../server/services/account.ts";
import { serviceContextOf } from "../../server/web/context.ts";
import { isAppError } from "../../server/errors.ts";

// /photos/user/{id}.webp: a staff member's photo (Settings → Account), for anyone signed in. The
// address carries a version (?v=), so the answer may be cached privately for long.

export async function loader({ params, context }: Route.LoaderArgs) {
  const match = /^(\d{1,15})\.webp$/.exec(params.file ?? "");
  if (!match) throw data("This page could not be found.", { status: 404 });
  try {
    const photo = await readUserPhoto(serviceContextOf(context), Number(match[1]));
    if (!photo) throw data("This page could not be found.", { status: 404 });
    return new Response(new Uint8Array(photo.content), {
      headers: { "Content-Type": photo.mime, "Cache-Control": "private, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff" },
    });
  } catch (error) {
    if (isAppError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
}
