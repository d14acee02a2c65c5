import type { Route } from "./+types/resident-photo";
import { data } from "react-router";
import { readResidentPhoto } from "../../server/services/residents.ts";
import { serviceContextOf } from "../../server/web/context.ts";
import { isAppError } from "../../server/errors.ts";

// /photos/resident/{id}.webp: a resident's stored photo, for signed-in staff who may see
// residents (the default layout's auth guard, then manage- or view-resident). The address carries
// a version (?v=), so the answer may be cached privately for long.

export async function loader({ params, context }: Route.LoaderArgs) {
  const match = /^(\d{1,15})\.webp$/.exec(params.file ?? "");
  if (!match) throw data("This page could not be found.", { status: 404 });
  try {
    const photo = await readResidentPhoto(serviceContextOf(context), Number(match[1]));
    if (!photo) throw data("This page could not be found.", { status: 404 });
    return new Response(new Uint8Array(photo.content), {
      headers: { "Content-Type": photo.mime, "Cache-Control": "private, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff" },
    });
  } catch (error) {
    if (isAppError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
}
