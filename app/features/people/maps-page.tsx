import { Form, Link, useSubmit } from "react-router";
import { escapeHtml, LeafletMap, type MapMarker } from "~/components/maps/leaflet-map";
import { hazardColour, MapLegend } from "~/components/maps/legend";
import { DEFAULT_CENTER } from "./household-form";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { useRootData } from "~/lib/root-data";
import { DISASTER_TYPES } from "@domain/registry/people";
import { SelectOptions } from "~/components/resource/select-options";
import { ColumnHeads } from "~/components/screen-table";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/maps";

/** The map of the households with its filters and legend, and the table of the same households. */
export function MapsScreen({ loaderData }: { loaderData: LoaderData<typeof loader> }) {
  const { households, puroks, filters, total } = loaderData;
  const submit = useSubmit();
  const root = useRootData();
  const markers: MapMarker[] = households.map((h) => ({
    id: h.id,
    lat: h.latitude,
    lng: h.longitude,
    color: hazardColour(h.disaster_types),
    group: h.purok,
    title: `${h.head} (${h.purok})`,
    popupHtml:
      `<strong>${escapeHtml(h.head)}</strong><br>${escapeHtml(h.address)}, ${escapeHtml(h.purok)}<br>${h.members_count} member${h.members_count === 1 ? "" : "s"}` +
      (h.disaster_types.length ? `<br><span style="color:#b91c1c">Disaster-prone: ${escapeHtml(h.disaster_types.join(", "))}</span>` : "") +
      `<br><a href="/manage/households/${h.id}/print">Open household record</a>`,
  }));
  const canSee = !!root?.user && (root.user.permissions.includes("manage-household") || root.user.permissions.includes("view-household"));
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Maps</h1>
          <p className="text-sm text-muted-foreground" data-testid="map-count">
            {households.length} of {total} households with coordinates
          </p>
        </div>
        <Form
          method="get"
          className="flex flex-wrap items-end gap-3"
          aria-label="Map filters"
          onChange={(e) => submit(e.currentTarget, { replace: true, preventScrollReset: true })}
        >
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="map-purok" className="text-xs text-muted-foreground">
              Purok
            </Label>
            <NativeSelect id="map-purok" name="purok" defaultValue={filters.purok} wrapperClassName="w-44">
              <SelectOptions placeholder="All puroks" options={puroks.map((p) => ({ value: String(p.id), label: p.name }))} />
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="map-hazard" className="text-xs text-muted-foreground">
              Disaster type
            </Label>
            <NativeSelect id="map-hazard" name="hazard" defaultValue={filters.hazard} wrapperClassName="w-48">
              <option value="">All households</option>
              <option value="any">Any disaster-prone purok</option>
              <option value="none">Not disaster-prone</option>
              {DISASTER_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </NativeSelect>
          </div>
          <noscript>
            <button type="submit" className={buttonVariants({ variant: "secondary" })}>
              Apply
            </button>
          </noscript>
          {filters.purok || filters.hazard ? (
            <Link to="/maps" className={buttonVariants({ variant: "ghost", size: "sm" })}>
              Clear filters
            </Link>
          ) : null}
        </Form>
      </div>
      <MapLegend />
      {canSee ? (
        <LeafletMap
          className="h-[65svh] min-h-80"
          label="Map of the barangay's households"
          center={DEFAULT_CENTER}
          zoom={15}
          markers={markers}
          cluster
          fit
        />
      ) : (
        <p className="rounded-xl border bg-card px-4 py-8 text-center text-sm text-muted-foreground">
          You may not see households; ask for the view-household permission.
        </p>
      )}
      {canSee ? (
        <details className="rounded-xl border bg-card shadow-sm">
          <summary className="cursor-pointer px-4 py-3 text-sm font-medium">Households on the map ({households.length})</summary>
          <div className="max-h-96 overflow-y-auto border-t">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Households on the map</caption>
              <ColumnHeads
                className="sticky top-0 bg-muted text-xs uppercase"
                columns={[
                  { label: "Household head" },
                  { label: "Purok" },
                  { label: "Address", className: "hidden sm:table-cell" },
                  { label: "Hazards" },
                ]}
              />
              <tbody>
                {households.map((h) => (
                  <tr key={h.id} className="border-t">
                    <td className="px-3 py-1.5">
                      <Link to={`/manage/households/${h.id}/print`} className="text-primary-ink underline-offset-2 hover:underline">
                        {h.head}
                      </Link>
                    </td>
                    <td className="px-3 py-1.5">{h.purok}</td>
                    <td className="hidden px-3 py-1.5 sm:table-cell">{h.address}</td>
                    <td className="px-3 py-1.5">
                      {h.disaster_types.map((t) => (
                        <Badge key={t} variant="secondary" className="mr-1">
                          {t}
                        </Badge>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </div>
  );
}
