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
import { isColorMode, type ColorMode } from "~/lib/ui-color-mode";
import { COLOR_MODE_ICONS, COLOR_MODE_LABELS } from "./color-mode-toggle";
import { m } from "@domain/i18n";

/** The colour mode's Radix menu, its own chunk, mounted open by the first click (color-mode-toggle.tsx). */
export function ColorModeDropdown({
  mode,
  setMode,
  className,
}: {
  mode: ColorMode;
  setMode: (mode: ColorMode) => void;
  className?: string;
}) {
  const Icon = COLOR_MODE_ICONS[mode];
  return (
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className={className}
          aria-label={m.shell_color_mode_current({ mode: COLOR_MODE_LABELS[mode]() })}
          title={m.shell_color_mode()}
        >
          <Icon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-40">
        <DropdownMenuLabel>{m.shell_color_mode()}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={mode} onValueChange={(value) => isColorMode(value) && setMode(value)}>
          {(Object.keys(COLOR_MODE_LABELS) as ColorMode[]).map((key) => {
            const ItemIcon = COLOR_MODE_ICONS[key];
            return (
              <DropdownMenuRadioItem key={key} value={key}>
                <ItemIcon aria-hidden="true" />
                {COLOR_MODE_LABELS[key]()}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
