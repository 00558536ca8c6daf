/**
 * Pickers whose options depend on other fields of the same form (a reference field's `dependsOn`): the values sent
 * to the target's drop-down, and when a chosen value has stopped fitting them.
 */

/** The drop-down parameters from the form's values: `dependsOn` maps parameter → field; empty fields limit nothing. */
export function dependentParams(
  dependsOn: Readonly<Record<string, string>>,
  values: Readonly<Record<string, unknown>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [param, source] of Object.entries(dependsOn)) {
    const v = values[source];
    if (v != null && v !== '') out[param] = String(v);
  }
  return out;
}

/**
 * Whether the chosen value must be cleared: the options answered for the current dependent values (never a
 * previous answer still shown) mark it as filtered out, and the user has changed what it depends on since the form
 * opened — a stored record keeps its value until then, for the server to judge.
 */
export function choiceNoLongerFits(args: {
  value: string | null | undefined;
  options: readonly { value: string; filteredOut?: boolean }[] | undefined;
  current: boolean;
  dependenciesChanged: boolean;
}): boolean {
  const { value, options, current, dependenciesChanged } = args;
  if (!value || !options || !current || !dependenciesChanged) return false;
  return options.some((o) => o.value === value && o.filteredOut === true);
}
