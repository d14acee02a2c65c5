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
import { m } from "@domain/i18n";
import { term } from "@domain/i18n/terms";

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
      `<strong>${escapeHtml(h.head)}</strong><br>${escapeHtml(h.address)}, ${escapeHtml(h.purok)}<br>${escapeHtml(h.members_count === 1 ? m.people_maps_member_one() : m.people_maps_members({ count: h.members_count }))}` +
      (h.disaster_types.length ? `<br><span style="color:#b91c1c">${escapeHtml(m.people_maps_disaster_prone({ types: h.disaster_types.map((t) => term(t)).join(", ") }))}</span>` : "") +
      `<br><a href="/manage/households/${h.id}/print">${escapeHtml(m.people_maps_open_record())}</a>`,
  }));
  const canSee = !!root?.user && (root.user.permissions.includes("manage-household") || root.user.permissions.includes("view-household"));
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{m.people_maps_title()}</h1>
          <p className="text-sm text-muted-foreground" data-testid="map-count">
            {m.people_maps_count({ shown: households.length, total })}
          </p>
        </div>
        <Form
          method="get"
          className="flex flex-wrap items-end gap-3"
          aria-label={m.people_maps_filters()}
          onChange={(e) => submit(e.currentTarget, { replace: true, preventScrollReset: true })}
        >
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="map-purok" className="text-xs text-muted-foreground">
              {m.people_purok()}
            </Label>
            <NativeSelect id="map-purok" name="purok" defaultValue={filters.purok} wrapperClassName="w-44">
              <SelectOptions placeholder={m.people_maps_all_puroks()} options={puroks.map((p) => ({ value: String(p.id), label: p.name }))} />
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="map-hazard" className="text-xs text-muted-foreground">
              {m.people_maps_disaster_type()}
            </Label>
            <NativeSelect id="map-hazard" name="hazard" defaultValue={filters.hazard} wrapperClassName="w-48">
              <option value="">{m.people_maps_all_households()}</option>
              <option value="any">{m.people_maps_any_hazard()}</option>
              <option value="none">{m.people_maps_no_hazard()}</option>
              {DISASTER_TYPES.map((t) => (
                <option key={t} value={t}>
                  {term(t)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <noscript>
            <button type="submit" className={buttonVariants({ variant: "secondary" })}>
              {m.people_apply()}
            </button>
          </noscript>
          {filters.purok || filters.hazard ? (
            <Link to="/maps" className={buttonVariants({ variant: "ghost", size: "sm" })}>
              {m.people_clear_filters()}
            </Link>
          ) : null}
        </Form>
      </div>
      <MapLegend />
      {canSee ? (
        <LeafletMap
          className="h-[65svh] min-h-80"
          label={m.people_maps_map_label()}
          center={DEFAULT_CENTER}
          zoom={15}
          markers={markers}
          cluster
          fit
        />
      ) : (
        <p className="rounded-xl border bg-card px-4 py-8 text-center text-sm text-muted-foreground">
          {m.people_maps_no_permission()}
        </p>
      )}
      {canSee ? (
        <details className="rounded-xl border bg-card shadow-sm">
          <summary className="cursor-pointer px-4 py-3 text-sm font-medium">{m.people_maps_table_summary({ count: households.length })}</summary>
          <div className="max-h-96 overflow-y-auto border-t">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{m.people_maps_table_caption()}</caption>
              <ColumnHeads
                className="sticky top-0 bg-muted text-xs uppercase"
                columns={[
                  { label: m.people_household_head() },
                  { label: m.people_purok() },
                  { label: m.people_address(), className: "hidden sm:table-cell" },
                  { label: m.people_maps_hazards() },
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
                          {term(t)}
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
