/**
 * Skills are written as a comma-separated list. They are kept normalised (trimmed, spaces collapsed, lower case,
 * each once) so the matching statement compares them as they are stored, without a locale-dependent lower().
 */
export function skillList(text: string | null | undefined): string[] {
  if (!text) return [];
  const seen = new Set<string>();
  for (const part of text.split(',')) {
    const skill = part.replace(/\s+/g, ' ').trim().toLocaleLowerCase('vi');
    if (skill) seen.add(skill);
  }
  return [...seen];
}

export function normaliseSkills(text: string | null | undefined): string | null {
  const list = skillList(text);
  return list.length ? list.join(',') : null;
}
