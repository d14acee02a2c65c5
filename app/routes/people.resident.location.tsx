import { MapPin } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import type { ResidentPageData } from "./people.resident";
import { escapeHtml, LeafletMap } from "~/components/maps/leaflet-map";
import { buttonVariants } from "~/components/ui/button";
import { pageTitle } from "~/lib/titles";
import { hazardColour } from "~/components/maps/legend";
import { screenHouseholdName } from "~/features/people/household-words";
import { m } from "@domain/i18n";
import { term } from "@domain/i18n/terms";

// /manage/residents/{id}/location (spec §2.1): a map pin at the household's coordinates.

export function meta() {
  return [{ title: pageTitle("manage-residents-id-location") }];
}

export default function ResidentLocation() {
  const parent = useRouteLoaderData("resident") as ResidentPageData | undefined;
  const household = parent?.household;
  if (!parent) return null;
  if (!household) {
    return (
      <section
        aria-label={m.people_resident_tab_location()}
        className="flex flex-col items-center gap-2 rounded-xl border bg-card px-4 py-12 text-center shadow-sm"
        data-testid="resident-location"
      >
        <MapPin className="size-8 text-muted-foreground" aria-hidden="true" />
        <h2 className="font-medium">{m.people_location_no_household()}</h2>
        <p className="max-w-md text-sm text-muted-foreground">
          {m.people_location_no_household_hint()}
        </p>
        <Link to="/manage/households?modal=create" className={buttonVariants({ variant: "outline", size: "sm" })}>
          {m.people_location_create_household()}
        </Link>
      </section>
    );
  }
  const head = household.head as { fullname?: string } | null;
  const hasPoint = household.latitude != null && household.longitude != null;
  return (
    <section aria-label={m.people_resident_tab_location()} className="flex flex-col gap-3" data-testid="resident-location">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1 text-sm">
        <span className="font-medium">{screenHouseholdName(head)}</span>
        <span className="text-muted-foreground">
          {household.address}
          {household.purok ? `, ${household.purok}` : ""}
        </span>
        {hasPoint ? (
          <span className="text-muted-foreground tabular-nums">
            {household.latitude!.toFixed(6)}, {household.longitude!.toFixed(6)}
          </span>
        ) : null}
        <Link to={`/manage/households/${household.id}/print`} className="ml-auto text-primary-ink underline-offset-2 hover:underline">
          {m.people_location_household_record()}
        </Link>
      </div>
      {household.disaster_types.length ? (
        <p className="rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {m.people_location_disaster_prone({ purok: household.purok ?? "", types: household.disaster_types.map((t) => term(t)).join(", ") })}
        </p>
      ) : null}
      {hasPoint ? (
        <LeafletMap
          className="h-[60svh] min-h-72"
          label={m.people_location_map_label({ name: screenHouseholdName(head) })}
          center={[household.latitude!, household.longitude!]}
          zoom={17}
          markers={[
            {
              id: household.id,
              lat: household.latitude!,
              lng: household.longitude!,
              color: hazardColour(household.disaster_types),
              title: screenHouseholdName(head),
              popupHtml: `<strong>${escapeHtml(head?.fullname)}</strong><br>${escapeHtml(household.address)}`,
            },
          ]}
        />
      ) : (
        <p className="rounded-xl border bg-card px-4 py-8 text-center text-sm text-muted-foreground">
          {m.people_location_no_point()}
        </p>
      )}
    </section>
  );
}
