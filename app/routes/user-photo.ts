import type { Route } from "./+types/user-photo";
import { readUserPhoto } from "../../server/features/access/pages.server.ts";
import { photoResponse, serviceContextOf } from "../../server/http/pages/page-kit.server.ts";

// /photos/user/{id}.webp: a staff member's photo (Settings → Account), for anyone signed in.

export async function loader({ params, context }: Route.LoaderArgs) {
  return photoResponse(params.file, (id) => readUserPhoto(serviceContextOf(context), id));
}
