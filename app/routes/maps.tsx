import { data } from "react-router";
import type { Route } from "./+types/maps";
import { MapsScreen } from "~/features/people/maps-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { pageTitle } from "~/lib/titles";
import { serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import { requirePermission } from "../../server/http/pages/guards.server.ts";
import { mapHouseholds, purokSummary } from "../../server/features/people/pages.server.ts";

// /Maps and /maps (spec §2.1, §2.3): households on an OpenStreetMap base layer (Leaflet),
// coloured by whether their purok is disaster-prone, grouped by purok when zoomed out, with a
// legend, purok and disaster-type filters (in the address, so they work without JavaScript and
// can be shared) and a popup linking to the household. Without tiles (an office without internet)
// the markers still draw; the table under the map lists the same households.

// The map lists puroks, households and hazards: it needs the household list's permission.
export const middleware: Route.MiddlewareFunction[] = [requirePermission("manage-household")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = serviceContextOf(context);
  const url = new URL(request.url);
  const purok = url.searchParams.get("purok") ?? "";
  const hazard = url.searchParams.get("hazard") ?? "";
  const [all, puroks] = await Promise.all([mapHouseholds(ctx), purokSummary(ctx)]);
  const households = all.filter(
    (h) =>
      (!purok || String(h.purok_id) === purok) &&
      (!hazard ||
        (hazard === "any"
          ? h.disaster_types.length > 0
          : hazard === "none"
            ? h.disaster_types.length === 0
            : h.disaster_types.includes(hazard))),
  );
  return data({ households, total: all.length, puroks, filters: { purok, hazard } });
}

export function meta() {
  return [{ title: pageTitle("Maps") }];
}

export default function MapsPage(props: Route.ComponentProps) {
  return <MapsScreen loaderData={props.loaderData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
