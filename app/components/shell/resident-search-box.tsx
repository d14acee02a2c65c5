import { UserRound } from "lucide-react";
import * as React from "react";
import { useLocation, useNavigate } from "react-router";
import { PersonAvatar } from "~/features/people/person-avatar";
import { Command, CommandGroup, CommandInput, CommandItem, CommandList } from "~/components/ui/command";
import { cn } from "~/lib/utils";
import {
  isSearchShortcut,
  RESIDENT_SEARCH_DEBOUNCE_MS,
  RESIDENT_SEARCH_EMPTY_TEXT,
  residentProfilePath,
  SEARCH_INPUT_CLASS,
  SEARCH_PANEL_CLASS,
  SEARCH_PLACEHOLDER,
  SearchField,
  useIsMac,
  type ResidentSearchProps,
  type ResidentSearchResult,
} from "./resident-search";
import { m } from "@domain/i18n";

// The resident search's combobox (cmdk), its own chunk: resident-search.tsx shows a plain box of
// the same look until the pointer or the focus reaches it.

export function ResidentSearchBox({
  results = [],
  loading = false,
  onSearch,
  onSelect,
  initialQuery,
  focusOnMount,
}: ResidentSearchProps & {
  /** The text typed into the plain box before this one loaded. */
  initialQuery: () => string;
  /** Whether the plain box had the focus when this one replaced it. */
  focusOnMount: () => boolean;
}) {
  const [query, setQuery] = React.useState(initialQuery);
  const [focus] = React.useState(focusOnMount);
  const [open, setOpen] = React.useState(focus);
  const isMac = useIsMac();
  const inputRef = React.useRef<HTMLInputElement>(null);

  // Takes over the focus (and the caret, at the end) from the plain box it replaced.
  React.useLayoutEffect(() => {
    const input = inputRef.current;
    if (!focus || !input) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, [focus]);
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
    <>
      <Command
        shouldFilter={false}
        label={m.shell_search_label()}
        className="overflow-visible bg-transparent"
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            setOpen(false);
            inputRef.current?.blur();
          }
        }}
      >
        <SearchField isMac={isMac}>
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
            placeholder={SEARCH_PLACEHOLDER()}
            className={SEARCH_INPUT_CLASS}
            data-testid="resident-search"
          />
        </SearchField>
        <div className={cn(SEARCH_PANEL_CLASS, !open && "hidden")} data-testid="resident-search-panel">
          {/* The listbox stays in the page (the input points at it) but only shows with results.
                Mouse-down keeps the focus in the box while a result is clicked. */}
          <CommandList aria-label={m.shell_search_found()} hidden={!showResults} onMouseDown={(event) => event.preventDefault()}>
            {showResults ? (
              <CommandGroup heading={m.shell_search_group()}>
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
                ? m.shell_search_searching()
                : !hasQuery
                  ? RESIDENT_SEARCH_EMPTY_TEXT()
                  : onSearch
                    ? m.shell_search_none({ query: query.trim() })
                    : m.shell_search_press_enter({ query: query.trim() })}
            </p>
          ) : null}
        </div>
      </Command>
    </>
  );
}
