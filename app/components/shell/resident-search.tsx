import { Search, UserRound } from "lucide-react";
import * as React from "react";
import { useLocation, useNavigate } from "react-router";
import { PersonAvatar } from "~/features/people/person-avatar";
import { Command, CommandGroup, CommandInput, CommandItem, CommandList } from "~/components/ui/command";
import { Kbd } from "~/components/ui/kbd";
import { api } from "~/lib/api-client";
import { cn } from "~/lib/utils";

// The global resident search (spec §1, §2.1, §4 "Search", §5): placeholder "Search resident...",
// empty state "Type to search resident records...", Ctrl+K / Cmd+K focuses it, the search runs on
// non-empty text after a 500 ms pause, and picking a resident opens their profile and clears the
// box. Without `results` and `onSearch` the box searches itself: GET {global_path}/resident?search=
// (spec §7.1, issue 4), each result with its avatar or coloured initials, full name with middle,
// contact number or "N/A", and address when known (spec §3's resident search result).

export const RESIDENT_SEARCH_DEBOUNCE_MS = 500;
export const RESIDENT_SEARCH_EMPTY_TEXT = "Type to search resident records...";

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

export function ResidentSearch(props: ResidentSearchProps) {
  const own = useResidentLookup();
  const wired = props.onSearch ? props : { ...props, results: own.results, loading: own.loading, onSearch: own.onSearch };
  return <ResidentSearchBox {...wired} />;
}

function ResidentSearchBox({ results = [], loading = false, onSearch, onSelect, className }: ResidentSearchProps) {
  const [query, setQuery] = React.useState("");
  const [open, setOpen] = React.useState(false);
  const isMac = React.useSyncExternalStore(
    noSubscription,
    () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent),
    () => false,
  );
  const inputRef = React.useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  // Ctrl+K / Cmd+K focuses the box from anywhere.
  React.useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  // Navigating clears the box (spec §2.1, §4 "Search").
  const [searchedOn, setSearchedOn] = React.useState(pathname);
  if (searchedOn !== pathname) {
    setSearchedOn(pathname);
    setQuery("");
    setOpen(false);
  }

  // Debounced search on non-empty text (spec §5, §9: 500 ms).
  React.useEffect(() => {
    const text = query.trim();
    if (!text || !onSearch) return;
    const timer = setTimeout(() => onSearch(text), RESIDENT_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, onSearch]);

  const select = (result: ResidentSearchResult) => {
    setQuery("");
    setOpen(false);
    inputRef.current?.blur();
    if (onSelect) onSelect(result);
    else navigate(residentProfilePath(result.id));
  };

  const hasQuery = query.trim().length > 0;
  const showResults = hasQuery && results.length > 0;

  // cmdk always says aria-expanded="true"; tell the truth: expanded only while results show.
  React.useLayoutEffect(() => {
    inputRef.current?.setAttribute("aria-expanded", String(open && showResults));
  });

  return (
    <search className={cn("relative min-w-0", className)} aria-label="Resident search">
      {/* Without JavaScript, Enter opens the residents list filtered by the text. */}
      <form action="/manage/residents" method="get" onSubmit={(event) => event.preventDefault()}>
        <Command
          shouldFilter={false}
          label="Search resident"
          className="overflow-visible bg-transparent"
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              setOpen(false);
              inputRef.current?.blur();
            }
          }}
        >
          <div
            className={cn(
              "flex h-9 items-center gap-2 rounded-md border border-input bg-background px-2.5 shadow-xs transition-colors focus-within:ring-2 focus-within:ring-ring",
            )}
          >
            <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <CommandInput
              ref={inputRef}
              name="search"
              value={query}
              onValueChange={(value) => {
                setQuery(value);
                setOpen(true);
              }}
              onFocus={() => setOpen(true)}
              onBlur={() => setOpen(false)}
              onKeyDown={(event) => {
                // Enter with nothing to pick: open the residents list filtered by the text.
                if (event.key === "Enter" && !showResults && hasQuery) {
                  event.preventDefault();
                  const text = query.trim();
                  setOpen(false);
                  navigate(`/manage/residents?search=${encodeURIComponent(text)}`);
                }
              }}
              placeholder="Search resident..."
              className="h-8 min-w-0 flex-1 border-0 p-0 shadow-none"
              data-testid="resident-search"
            />
            <Kbd className="hidden md:inline-flex" aria-hidden="true">
              {isMac ? "⌘" : "Ctrl"} K
            </Kbd>
          </div>
          <div
            className={cn(
              "absolute top-full left-0 z-40 mt-1.5 w-full min-w-72 overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-lg",
              !open && "hidden",
            )}
            data-testid="resident-search-panel"
          >
            {/* The listbox stays in the page (the input points at it) but only shows with results.
                Mouse-down keeps the focus in the box while a result is clicked. */}
            <CommandList aria-label="Residents found" hidden={!showResults} onMouseDown={(event) => event.preventDefault()}>
              {showResults ? (
                <CommandGroup heading="Residents">
                  {results.map((result) => (
                    <CommandItem key={result.id} value={String(result.id)} onSelect={() => select(result)}>
                      {result.image || result.hex_color ? (
                        <PersonAvatar
                          person={{ id: Number(result.id), fullname: result.name, image: result.image, hex_color: result.hex_color }}
                          className="size-7"
                        />
                      ) : (
                        <UserRound aria-hidden="true" className="text-muted-foreground" />
                      )}
                      <span className="flex min-w-0 flex-col">
                        <span className="truncate">{result.name}</span>
                        {result.description ? <span className="truncate text-xs text-muted-foreground">{result.description}</span> : null}
                      </span>
                    </CommandItem>
                  ))}
                </CommandGroup>
              ) : null}
            </CommandList>
            {!showResults ? (
              <p className="px-3 py-6 text-center text-sm text-muted-foreground" role="status" data-testid="resident-search-hint">
                {loading
                  ? "Searching..."
                  : !hasQuery
                    ? RESIDENT_SEARCH_EMPTY_TEXT
                    : onSearch
                      ? `No resident found for “${query.trim()}”.`
                      : `Press Enter to look for “${query.trim()}” in the residents list.`}
              </p>
            ) : null}
          </div>
        </Command>
      </form>
    </search>
  );
}
