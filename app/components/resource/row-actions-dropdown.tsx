import { Ellipsis } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import { cn } from "~/lib/utils";
import type { RowAction } from "./row-actions";

/**
 * A row's Radix menu (keyboard, focus return), in its own chunk: the list shows a plain button
 * until the first click, which mounts this one open (row-actions.tsx).
 */
export function RowActionsDropdown({ actions, label, defaultOpen }: { actions: RowAction[]; label: string; defaultOpen: boolean }) {
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={label} data-testid="row-actions">
          <Ellipsis aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-36">
        {actions.map((a) => (
          <DropdownMenuItem key={a.key} asChild className={cn(a.destructive && "text-destructive focus:text-destructive")}>
            <Link to={a.href} preventScrollReset target={a.newTab ? "_blank" : undefined} rel={a.newTab ? "noreferrer" : undefined}>
              <a.Icon aria-hidden="true" />
              {a.label}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
