import type { Route } from "./+types/resident-photo";
import { readResidentPhoto } from "../../server/features/people/pages.server.ts";
import { photoResponse, serviceContextOf } from "../../server/http/pages/page-kit.server.ts";

// /photos/resident/{id}.webp: a resident's stored photo, for signed-in staff who may see
// residents (the default layout's auth guard, then manage- or view-resident).

export async function loader({ params, context }: Route.LoaderArgs) {
  return photoResponse(params.file, (id) => readResidentPhoto(serviceContextOf(context), id));
}
