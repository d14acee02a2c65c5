// Registers every entry's hooks (server/engine/hooks.ts). One import per entity with behaviour
// beyond the engine's life cycle; imported once, by server/engine/services.ts (the one way in),
// after the engine has loaded: a feature module may extend ResourceEngine and call defineService.
export {};
import "../../features/people/hooks.ts";
import "../../features/access/hooks.ts";
import "../../features/certificates/service.ts";
import "../../features/collections/register.ts";
import "../../features/disbursements/service.ts";
import "../../features/audit/hooks.ts";
import "../../features/officials/service.ts";
