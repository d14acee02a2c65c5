import * as React from "react";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "~/components/ui/tooltip";

/**
 * A minimised sidebar entry's tooltip (Radix), its own chunk: sidebar.tsx mounts it when the pointer
 * or the focus first reaches the entry, shown at once. `focus` puts the focus back
 * on the entry that had it before the swap.
 */
export function SidebarTooltip({ text, focus, children }: { text: string; focus: boolean; children: React.ReactElement }) {
  const ref = React.useRef<HTMLElement>(null);
  React.useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <TooltipProvider>
      <Tooltip defaultOpen>
        <TooltipTrigger asChild ref={ref as React.Ref<HTMLButtonElement>}>
          {children}
        </TooltipTrigger>
        <TooltipContent side="right" className="hidden lg:block">
          {text}
        </TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
