import { Monitor, Moon, Sun } from "lucide-react";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { isColorMode, useColorMode, type ColorMode } from "~/lib/ui-color-mode";

const LABELS: Record<ColorMode, string> = { system: "System", light: "Light", dark: "Dark" };
const ICONS = { system: Monitor, light: Sun, dark: Moon } as const;

/** Colour mode (spec §4): System, Light or Dark, kept in localStorage. */
export function ColorModeToggle({ className }: { className?: string }) {
  const [mode, setMode] = useColorMode();
  const Icon = ICONS[mode];
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className={className}
          aria-label={`Colour mode: ${LABELS[mode]}`}
          title="Colour mode"
        >
          <Icon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-40">
        <DropdownMenuLabel>Colour mode</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={mode} onValueChange={(value) => isColorMode(value) && setMode(value)}>
          {(Object.keys(LABELS) as ColorMode[]).map((key) => {
            const ItemIcon = ICONS[key];
            return (
              <DropdownMenuRadioItem key={key} value={key}>
                <ItemIcon aria-hidden="true" />
                {LABELS[key]}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
