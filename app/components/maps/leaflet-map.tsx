import "leaflet/dist/leaflet.css";
import type * as Leaflet from "leaflet";
import * as React from "react";
import { cn } from "~/lib/utils";
import { m } from "@domain/i18n";

// One Leaflet map for the people screens: OpenStreetMap tiles, and markers drawn as
// vector circles — no marker images — so they still show when the tiles cannot load (an office
// without internet is the normal case). Leaflet needs a window: it is loaded after hydration.
//
// Clustering: below CLUSTER_ZOOM, markers that share a `group` (the purok) are drawn as one
// circle with their count at their centre; zooming in (or clicking the group) shows them one by one.

export const CLUSTER_ZOOM = 17;
export const OSM_TILES = "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png";
export const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export interface MapMarker {
  id: number | string;
  lat: number;
  lng: number;
  color: string;
  /** Marker outline; defaults to a darker line. */
  stroke?: string;
  /** Accessible name and tooltip. */
  title: string;
  /** Popup content as HTML; build it with escapeHtml. */
  popupHtml?: string;
  /** Markers of a group cluster together below CLUSTER_ZOOM. */
  group?: string;
}

export function escapeHtml(text: unknown): string {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export interface LeafletMapProps {
  markers: MapMarker[];
  center: [number, number];
  zoom?: number;
  cluster?: boolean;
  /** Fit the view to the markers when they change. */
  fit?: boolean;
  /** Click to pick a point (the household form); the picked point is drawn as a marker. */
  onPick?: (lat: number, lng: number) => void;
  picked?: { lat: number; lng: number } | null;
  className?: string;
  label: string;
}

export function LeafletMap({
  markers,
  center,
  zoom = 16,
  cluster = false,
  fit = false,
  onPick,
  picked,
  className,
  label,
}: LeafletMapProps) {
  const ref = React.useRef<HTMLDivElement>(null);
  const state = React.useRef<{ L: typeof Leaflet; map: Leaflet.Map; layer: Leaflet.LayerGroup; pick: Leaflet.LayerGroup } | null>(null);
  const [ready, setReady] = React.useState(false);
  const [offline, setOffline] = React.useState(false);
  const latest = React.useRef({ markers, cluster, onPick });
  React.useLayoutEffect(() => {
    latest.current = { markers, cluster, onPick };
  });

  const draw = React.useCallback(() => {
    const s = state.current;
    if (!s) return;
    const { L, map, layer } = s;
    layer.clearLayers();
    const { markers: list, cluster: grouped } = latest.current;
    const zoomNow = map.getZoom();
    // "n households" in the reader's language (the loops below name each marker `m`).
    const households = (count: number) => m.people_areas_households({ count });
    if (grouped && zoomNow < CLUSTER_ZOOM) {
      const groups = new Map<string, MapMarker[]>();
      for (const m of list) groups.set(m.group ?? String(m.id), [...(groups.get(m.group ?? String(m.id)) ?? []), m]);
      for (const [name, items] of groups) {
        if (items.length === 1) {
          addMarker(L, layer, items[0]);
          continue;
        }
        const lat = items.reduce((a, m) => a + m.lat, 0) / items.length;
        const lng = items.reduce((a, m) => a + m.lng, 0) / items.length;
        const size = Math.min(56, 28 + Math.round(Math.sqrt(items.length) * 4));
        const colors = [...new Set(items.map((m) => m.color))];
        const icon = L.divIcon({
          className: "portal-cluster",
          // The count in the circle and the purok's name under it (a cluster says whose it is).
          html: `<span style="position:relative;display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;border-radius:9999px;border:2px solid #1c1917;font:600 13px/1 system-ui,sans-serif;color:${colors.length === 1 ? "#ffffff" : "#1c1917"};box-shadow:0 0 0 4px rgba(255,255,255,.7);background:${colors.length === 1 ? colors[0] : "#d6d3d1"}" role="img" aria-label="${escapeHtml(`${name}: ${households(items.length)}`)}">${items.length}<span aria-hidden="true" data-testid="cluster-label" style="position:absolute;top:100%;left:50%;transform:translateX(-50%);margin-top:6px;padding:1px 6px;border-radius:4px;background:rgba(255,255,255,.92);color:#1c1917;font:600 11px/1.4 system-ui,sans-serif;white-space:nowrap;box-shadow:0 1px 2px rgba(0,0,0,.25)">${escapeHtml(name)}</span></span>`,
          iconSize: [size, size],
        });
        const marker = L.marker([lat, lng], { icon, title: `${name}: ${households(items.length)}`, keyboard: true, riseOnHover: true });
        marker.on("click", () =>
          map.fitBounds(L.latLngBounds(items.map((m) => [m.lat, m.lng] as [number, number])).pad(0.3), { maxZoom: CLUSTER_ZOOM }),
        );
        marker.bindTooltip(`${escapeHtml(name)} · ${households(items.length)}`);
        layer.addLayer(marker);
      }
    } else {
      for (const m of list) addMarker(L, layer, m);
    }
  }, []);

  // Create the map once, after hydration.
  React.useEffect(() => {
    let cancelled = false;
    let map: Leaflet.Map | null = null;
    import("leaflet").then((mod) => {
      // The CommonJS build arrives as `default` or as the namespace itself, depending on the bundler.
      const L: typeof Leaflet = mod.default ?? mod;
      if (cancelled || !ref.current) return;
      map = L.map(ref.current, { center, zoom, zoomControl: true, attributionControl: true, preferCanvas: false });
      const tiles = L.tileLayer(OSM_TILES, { maxZoom: 19, attribution: OSM_ATTRIBUTION, crossOrigin: true });
      let failures = 0;
      tiles.on("tileerror", () => {
        failures++;
        if (failures >= 2) setOffline(true);
      });
      tiles.on("tileload", () => setOffline(false));
      tiles.addTo(map);
      const layer = L.layerGroup().addTo(map);
      const pick = L.layerGroup().addTo(map);
      state.current = { L, map, layer, pick };
      map.on("zoomend", draw);
      map.on("click", (e: Leaflet.LeafletMouseEvent) =>
        latest.current.onPick?.(Math.round(e.latlng.lat * 1e6) / 1e6, Math.round(e.latlng.lng * 1e6) / 1e6),
      );
      setReady(true);
    });
    return () => {
      cancelled = true;
      map?.remove();
      state.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the map is created once; props update it below
  }, []);

  // Markers, and the view when asked to fit them.
  React.useEffect(() => {
    const s = state.current;
    if (!ready || !s) return;
    draw();
    if (fit && markers.length) {
      s.map.fitBounds(s.L.latLngBounds(markers.map((m) => [m.lat, m.lng] as [number, number])).pad(0.15), { maxZoom: 18 });
    }
  }, [ready, markers, cluster, fit, draw]);

  // The picked point (household form).
  React.useEffect(() => {
    const s = state.current;
    if (!ready || !s) return;
    s.pick.clearLayers();
    if (picked) {
      s.L.circleMarker([picked.lat, picked.lng], { radius: 10, color: "#1c1917", weight: 3, fillColor: "#eab308", fillOpacity: 0.9 })
        .bindTooltip(escapeHtml(m.people_map_picked()))
        .addTo(s.pick);
      if (!s.map.getBounds().contains([picked.lat, picked.lng])) s.map.setView([picked.lat, picked.lng], Math.max(s.map.getZoom(), 16));
    }
  }, [ready, picked]);

  return (
    <div className={cn("relative isolate overflow-hidden rounded-xl border bg-stone-100 dark:bg-stone-900", className)}>
      <div ref={ref} role="region" aria-label={label} className="absolute inset-0" data-testid="leaflet-map" />
      {!ready ? <p className="absolute inset-0 flex items-center justify-center text-sm text-muted-foreground">{m.people_map_loading()}</p> : null}
      {offline ? (
        <p
          role="status"
          className="absolute top-2 right-2 left-12 z-[1000] rounded-md bg-background/90 px-2 py-1 text-xs text-muted-foreground shadow-sm sm:left-auto"
          data-testid="tiles-offline"
        >
          {m.people_map_offline()}
        </p>
      ) : null}
    </div>
  );
}

function addMarker(L: typeof Leaflet, layer: Leaflet.LayerGroup, m: MapMarker) {
  const marker = L.circleMarker([m.lat, m.lng], {
    radius: 8,
    color: m.stroke ?? "#1c1917",
    weight: 1.5,
    fillColor: m.color,
    fillOpacity: 0.95,
  });
  marker.bindTooltip(escapeHtml(m.title));
  if (m.popupHtml) marker.bindPopup(m.popupHtml);
  layer.addLayer(marker);
}
