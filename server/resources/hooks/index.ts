// Registers every entry's hooks (server/resources/hooks.ts). One import per entity with behaviour
// beyond the engine's life cycle; imported once by the engine.
export {};
import "./people.ts";
import "./access.ts";
