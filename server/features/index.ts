// The composition root (DESIGN §13): the one place that names every area. Importing it registers
// each area's behaviour with the engine — its entries' hooks, services and commands, and its
// search strategies — before the first request; the engine itself imports no area. The process
// (server/app.ts), the HTTP app (server/http/app.ts) and the command lines import it first.
import { markComposed } from "../engine/service-registry.ts";
import "./people/hooks.ts";
import "./access/hooks.ts";
import "./certificates/service.ts";
import "./collections/register.ts";
import "./disbursements/service.ts";
import "./audit/hooks.ts";
import "./officials/service.ts";

markComposed();
