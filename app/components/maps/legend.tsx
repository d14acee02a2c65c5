import { m } from "@domain/i18n";

// Marker colours of the maps: households in a disaster-prone purok stand out. Colours
// are paired with words in the legend, never colour alone.

/** The legend's cluster stands for the number a cluster shows. */
const CLUSTER_MARK = "n";

export const SAFE_COLOUR = "#15803d";
export const HAZARD_COLOUR = "#b91c1c";

export function hazardColour(disasterTypes: readonly string[]): string {
  return disasterTypes.length ? HAZARD_COLOUR : SAFE_COLOUR;
}

export function MapLegend({ className }: { className?: string }) {
  return (
    <ul aria-label={m.people_legend()} className={"flex flex-wrap items-center gap-x-4 gap-y-1 text-sm " + (className ?? "")} data-testid="map-legend">
      <li className="flex items-center gap-1.5">
        <span
          aria-hidden="true"
          className="inline-block size-3 rounded-full border border-stone-900"
          style={{ background: HAZARD_COLOUR }}
        />
        {m.people_legend_hazard()}
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="inline-block size-3 rounded-full border border-stone-900" style={{ background: SAFE_COLOUR }} />
        {m.people_legend_safe()}
      </li>
      <li className="flex items-center gap-1.5">
        <span
          aria-hidden="true"
          className="inline-flex size-5 items-center justify-center rounded-full border-2 border-stone-900 bg-stone-300 text-[0.6rem] font-semibold"
        >
          {CLUSTER_MARK}
        </span>
        {m.people_legend_cluster()}
      </li>
    </ul>
  );
}
