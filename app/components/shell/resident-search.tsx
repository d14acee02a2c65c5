import { Search } from "lucide-react";
import * as React from "react";
import { Kbd } from "~/components/ui/kbd";
import { api } from "~/lib/api-client";
import { lazyComponent } from "~/lib/lazy-component";
import { cn } from "~/lib/utils";
import { m } from "@domain/i18n";

// The global resident search (spec §1, §2.1, §4 "Search", §5): placeholder "Search resident...",
// empty state "Type to search resident records...", Ctrl+K / Cmd+K focuses it, the search runs on
// non-empty text after a 500 ms pause, and picking a resident opens their profile and clears the
// box. Without `results` and `onSearch` the box searches itself: GET {global_path}/resident?search=
// (spec §7.1), each result with its avatar or coloured initials, full name with middle,
// contact number or "N/A", and address when known (spec §3's resident search result).

export const RESIDENT_SEARCH_DEBOUNCE_MS = 500;
/** The empty state (spec §5), in the current language. */
export const RESIDENT_SEARCH_EMPTY_TEXT = m.shell_search_empty;

export interface ResidentSearchResult {
  id: number | string;
  name: string;
  /** A second line: purok, zone, birth date... */
  description?: string;
  image?: string | null;
  hex_color?: string | null;
}

/** Spec §3's resident search result, as GET {global_path}/resident?search= answers it. */
export interface ResidentSearchHit {
  id: number;
  user_profile: {
    image: string;
    hex_color: string | null;
    firstname: string;
    fullname_with_middle: string;
    contact_number_joint: string;
    complete_address?: string;
  };
}

export function toSearchResult(hit: ResidentSearchHit): ResidentSearchResult {
  const p = hit.user_profile;
  return {
    id: hit.id,
    name: p.fullname_with_middle || p.firstname,
    description: [p.contact_number_joint || "N/A", p.complete_address].filter(Boolean).join(" · "),
    image: p.image,
    hex_color: p.hex_color,
  };
}

/** The box's own search: the latest answer wins, older ones that arrive late are dropped. */
function useResidentLookup() {
  const [results, setResults] = React.useState<ResidentSearchResult[]>([]);
  const [loading, setLoading] = React.useState(false);
  const latest = React.useRef(0);
  const onSearch = React.useCallback((text: string) => {
    const ticket = ++latest.current;
    setLoading(true);
    api
      .get<{ data: ResidentSearchHit[] }>("/backend/api/resident", { query: { search: text } })
      .then((body) => {
        if (ticket === latest.current) setResults((body?.data ?? []).map(toSearchResult));
      })
      .catch(() => {
        if (ticket === latest.current) setResults([]);
      })
      .finally(() => {
        if (ticket === latest.current) setLoading(false);
      });
  }, []);
  return { results, loading, onSearch };
}

export interface ResidentSearchProps {
  results?: readonly ResidentSearchResult[];
  loading?: boolean;
  /** Called with the trimmed text, debounced, only when it is non-empty. */
  onSearch?: (query: string) => void;
  /** Defaults to opening /manage/residents/{id}/profile. */
  onSelect?: (result: ResidentSearchResult) => void;
  className?: string;
}

/** True for Ctrl+K / Cmd+K. */
export function isSearchShortcut(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "k";
}

const noSubscription = () => () => {};

export function residentProfilePath(id: number | string): string {
  return `/manage/residents/${encodeURIComponent(String(id))}/profile`;
}

/** Ctrl or ⌘ in the shortcut's hint: the server says Ctrl, a Mac's browser ⌘ after hydration. */
export function useIsMac(): boolean {
  return React.useSyncExternalStore(
    noSubscription,
    () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent),
    () => false,
  );
}

/** The placeholder (spec §1), in the current language. */
export const SEARCH_PLACEHOLDER = m.shell_search_placeholder;
/** CommandInput's classes (components/ui/command.tsx) with the box's own, as cmdk's input gets them. */
export const SEARCH_INPUT_CLASS = "h-8 min-w-0 flex-1 border-0 p-0 shadow-none";
export const SEARCH_PANEL_CLASS =
  "absolute top-full left-0 z-40 mt-1.5 w-full min-w-72 overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-lg";
const COMMAND_INPUT_CLASS =
  "flex w-full bg-transparent text-sm outline-hidden placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50";
const COMMAND_CLASS = "flex w-full flex-col overflow-hidden rounded-md bg-popover text-popover-foreground";
const SR_ONLY: React.CSSProperties = {
  position: "absolute",
  width: "1px",
  height: "1px",
  padding: "0",
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0, 0, 0, 0)",
  whiteSpace: "nowrap",
  borderWidth: "0",
};

/** The bordered field: the magnifier, the input, the shortcut's hint. */
export function SearchField({ isMac, children }: { isMac: boolean; children: React.ReactNode }) {
  return (
    <div className="flex h-9 items-center gap-2 rounded-md border border-input bg-background px-2.5 shadow-xs transition-colors focus-within:ring-2 focus-within:ring-ring">
      <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      {children}
      <Kbd className="hidden md:inline-flex" aria-hidden="true">
        {/* eslint-disable-next-line i18next/no-literal-string -- the keys' names on the keyboard */}
        {isMac ? "⌘" : "Ctrl"} K
      </Kbd>
    </div>
  );
}

// The combobox (cmdk and the Radix dialog it carries) loads when the pointer or the focus reaches
// the box, or on Ctrl+K (decision 177); until then a plain box of the same look.
const ResidentSearchBox = lazyComponent(() => import("./resident-search-box").then((m) => m.ResidentSearchBox));

export function ResidentSearch(props: ResidentSearchProps) {
  const own = useResidentLookup();
  const wired = props.onSearch ? props : { ...props, results: own.results, loading: own.loading, onSearch: own.onSearch };
  const [active, setActive] = React.useState(false);
  const [, startTransition] = React.useTransition();
  const plainRef = React.useRef<HTMLInputElement>(null);
  const isMac = useIsMac();
  const labelId = React.useId();
  const inputId = React.useId();
  const listId = React.useId();
  const preload = () => void ResidentSearchBox.preload().catch(() => undefined);
  // In a transition: the plain box stays, focused and typed into, until the combobox is there.
  const activate = () => {
    preload();
    startTransition(() => setActive(true));
  };

  // Ctrl+K / Cmd+K before the combobox is there: focus the plain box (which brings it).
  React.useEffect(() => {
    if (active) return;
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      plainRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [active]);

  return (
    <search className={cn("relative min-w-0", props.className)} aria-label={m.shell_search_region()}>
      {/* Without JavaScript, Enter opens the residents list filtered by the text. */}
      <form action="/manage/residents" method="get" onSubmit={(event) => event.preventDefault()}>
        {active ? (
          <ResidentSearchBox
            {...wired}
            initialQuery={() => plainRef.current?.value ?? ""}
            focusOnMount={() => !!plainRef.current && document.activeElement === plainRef.current}
          />
        ) : (
          <div tabIndex={-1} data-slot="command" className={cn(COMMAND_CLASS, "overflow-visible bg-transparent")} onPointerEnter={preload}>
            <label htmlFor={inputId} id={labelId} style={SR_ONLY}>
              {m.shell_search_label()}
            </label>
            <SearchField isMac={isMac}>
              <input
                ref={plainRef}
                data-slot="command-input"
                className={cn(COMMAND_INPUT_CLASS, SEARCH_INPUT_CLASS)}
                placeholder={SEARCH_PLACEHOLDER()}
                data-testid="resident-search"
                autoComplete="off"
                autoCorrect="off"
                spellCheck={false}
                aria-autocomplete="list"
                role="combobox"
                aria-expanded={false}
                aria-controls={listId}
                aria-labelledby={labelId}
                id={inputId}
                type="text"
                name="search"
                defaultValue=""
                onFocus={activate}
              />
            </SearchField>
            <div className={cn(SEARCH_PANEL_CLASS, "hidden")} data-testid="resident-search-panel">
              <div data-slot="command-list" aria-label={m.shell_search_suggestions()} hidden role="listbox" tabIndex={-1} id={listId} />
              <p className="px-3 py-6 text-center text-sm text-muted-foreground" role="status" data-testid="resident-search-hint">
                {RESIDENT_SEARCH_EMPTY_TEXT()}
              </p>
            </div>
          </div>
        )}
      </form>
    </search>
  );
}
