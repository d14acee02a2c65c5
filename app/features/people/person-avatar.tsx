import { Avatar, AvatarFallback, AvatarImage } from "~/components/ui/avatar";
import { initialsOf, readableTextOn } from "~/lib/ui-color";
import { cn } from "~/lib/utils";
import { m } from "@domain/i18n";

// A resident's photo, or their initials on their own colour (spec §3: image defaults to
// /default_avatar.png; the search result carries hex_color).

const PALETTE = ["#fde68a", "#bbf7d0", "#bfdbfe", "#fbcfe8", "#ddd6fe", "#fed7aa", "#a5f3fc", "#e9d5ff"];

export function PersonAvatar({
  person,
  className,
}: {
  person: { id?: number; fullname?: string | null; image?: string | null; hex_color?: string | null };
  className?: string;
}) {
  const name = person.fullname || m.people_resident();
  const photo = person.image && person.image !== "/default_avatar.png" ? person.image : null;
  const colour = person.hex_color || PALETTE[Math.abs(Number(person.id ?? name.length)) % PALETTE.length];
  return (
    <Avatar className={cn("size-8 shrink-0", className)}>
      {photo ? <AvatarImage src={photo} alt="" /> : null}
      <AvatarFallback
        aria-hidden="true"
        className="text-[0.7rem] font-medium"
        style={{ backgroundColor: colour, color: readableTextOn(colour) }}
      >
        {initialsOf(name)}
      </AvatarFallback>
    </Avatar>
  );
}
