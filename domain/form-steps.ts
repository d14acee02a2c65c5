// The steps of a form without JavaScript that are not its save: they post the whole form (never a
// GET, so neither the CSRF token nor what was typed reaches an address or a log) and the page
// answers the same form, everything typed kept, with new choices.

/** A resident picker's "Find" button; its value names the field it finds a resident for. */
export const FIND_FIELD = "_find";
/** The text typed to find a resident for the field `name`. */
export const findTextName = (name: string) => `${name}__find`;
/** A button that reloads the form's choices (the receipt form's "Load", "Load unpaid", "Load lines"). */
export const RELOAD_FIELD = "_reload";
