import { cn } from "~/lib/utils";

// A request's state in words and colour (decision 208): the resident reads it on /my.
const STYLE: Record<string, string> = {
  requested: "border-sky-600 bg-sky-50 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
  approved: "border-indigo-600 bg-indigo-50 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100",
  ready: "border-amber-500 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  released: "border-emerald-600 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  resolved: "border-emerald-600 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  refused: "border-red-600 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
};

export function StateBadge({ state, label }: { state: string; label: string }) {
  return (
    <span
      className={cn("shrink-0 rounded-full border px-2.5 py-0.5 text-xs font-semibold", STYLE[state])}
      data-testid="request-state"
      data-state={state}
    >
      {label}
    </span>
  );
}
