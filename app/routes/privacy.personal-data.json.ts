import type { Route } from "./+types/privacy.personal-data.json";
import { personalDataDownload } from "../../server/features/privacy/personal-data.server.ts";

// /manage/residents/{id}/personal-data.json: everything the portal holds on the
// person as one JSON file, for a data subject request; needs export-personal_data, logged as an export.

export function loader(args: Route.LoaderArgs) {
  return personalDataDownload(args, args.params.resident_id);
}
