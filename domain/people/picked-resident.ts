// A resident as a picker shows them, from a resident search result — shared by the picker (its
// search as you type) and the server's "Find" step of a form without JavaScript.

export interface PickedResident {
  id: number;
  fullname: string;
  image?: string | null;
  hex_color?: string | null;
  description?: string | null;
}

/** The fields of a resident search result that a picker shows. */
export interface ResidentSearchHit {
  id: number;
  user_profile: {
    image?: string | null;
    hex_color?: string | null;
    fullname_with_middle: string;
    complete_address?: string;
    purok: string | null;
    age: number | null;
  };
}

export function toPicked(result: ResidentSearchHit): PickedResident {
  const p = result.user_profile;
  return {
    id: result.id,
    fullname: p.fullname_with_middle,
    image: p.image,
    hex_color: p.hex_color,
    description: [p.age != null ? `${p.age} yrs` : null, p.complete_address ?? p.purok].filter(Boolean).join(" · "),
  };
}

/** What the server answers to a "Find" step: the field, what was typed, and the residents found. */
export interface PickerFound {
  field: string;
  query: string;
  matches: PickedResident[];
}
