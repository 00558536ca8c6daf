import { installModules } from '../modules/define.ts';
import { modules } from '../modules/index.ts';
import type { SeedContext, SeedStep } from './step.ts';
// The whole permission tree, whatever else is imported (see packages/domain/src/features.ts).
import '@portal/domain/features';

export type { SeedContext, SeedStep } from './step.ts';

/**
 * Start-up data: every module's steps (declared with defineModule), by ascending `order`. Every step is
 * idempotent: running it again changes nothing.
 */
export const seedSteps: readonly SeedStep[] = orderedSteps(modules.flatMap((m) => m.seeds ?? []));

export function orderedSteps(steps: readonly SeedStep[]): SeedStep[] {
  const byOrder = new Map<number, SeedStep>();
  for (const step of steps) {
    const other = byOrder.get(step.order);
    if (other) throw new Error(`Seed steps "${other.name}" and "${step.name}" have the same order ${step.order}.`);
    byOrder.set(step.order, step);
  }
  return [...steps].sort((a, b) => a.order - b.order);
}

export async function runSeeds(ctx: SeedContext): Promise<void> {
  // Seeds write through the catalogue's operations, which run the modules' hooks.
  installModules(modules);
  for (const step of seedSteps) {
    if (step.kind === 'demo' && !ctx.config.demoData) continue;
    const started = performance.now();
    await step.run(ctx);
    ctx.log.info({ step: step.name, ms: Math.round(performance.now() - started) }, 'seed step done');
  }
}
