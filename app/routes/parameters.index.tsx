import { useRootData } from "~/lib/root-data";
import { titleMeta } from "~/lib/titles";
import { AreaCard } from "~/components/shell/area-card";
import { allowedParameters, parameterInfo } from "~/components/resource/parameter-info";
import { m } from "@domain/i18n";

// /system/parameters: a card for each parameter list the user may manage.

export const meta = () => titleMeta("system-parameters");

export default function ParametersIndex() {
  const root = useRootData();
  const entries = allowedParameters(root?.user);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{m.admin_parameters_title()}</h1>
        <p className="text-sm text-muted-foreground">{m.admin_parameters_intro()}</p>
      </div>
      {entries.length === 0 ? (
        <p className="text-muted-foreground">{m.admin_parameters_none()}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="parameter-cards">
          {entries.map((def) => {
            const { icon, description } = parameterInfo(def);
            return (
              <li key={def.name}>
                <AreaCard
                  to={def.path}
                  icon={icon}
                  className="gap-3"
                  title={<span className="font-medium">{def.labels.title}</span>}
                  description={description}
                />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
