import { data } from "react-router";
import type { Route } from "./+types/barangay-image";
import { isAppError, serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import { isBarangayImageKind, readBarangayImage } from "../../server/features/officials/pages.server.ts";

// /images/barangay/{seal|logo}.webp: the barangay seal and the municipal logo as stored (decision
// 194), for anyone signed in (the default layout's auth guard): every print's header shows them.
// The address carries a version (?v=), so the answer may be cached privately for long.

export async function loader({ params, context }: Route.LoaderArgs) {
  const kind = /^(seal|logo)\.webp$/.exec(params.file ?? "")?.[1];
  if (!isBarangayImageKind(kind)) throw data("This page could not be found.", { status: 404 });
  try {
    const image = await readBarangayImage(serviceContextOf(context), kind);
    if (!image) throw data("This page could not be found.", { status: 404 });
    return new Response(new Uint8Array(image.content), {
      headers: { "Content-Type": image.mime, "Cache-Control": "private, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff" },
    });
  } catch (error) {
    if (isAppError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
}
