import { catalogueHook, type CatalogueHookEntry } from '../../catalog/index.ts';
import { claimantHooks } from './claimants.ts';
import { planHooks } from './plans.ts';
import { normaliseSkills } from './skills.ts';

/** Skills are stored normalised (see skills.ts), whoever writes them: a form, an import, the centre. */
const skillsKept = {
  beforeChange({ data }: { data: Record<string, unknown> }) {
    if (!('skills' in data)) return;
    return { ...data, skills: normaliseSkills(data.skills as string | null) };
  },
};

export const employmentHooks: CatalogueHookEntry[] = [
  catalogueHook('jobSeeker', skillsKept),
  catalogueHook('vacancy', skillsKept),
  planHooks,
  ...claimantHooks,
];
