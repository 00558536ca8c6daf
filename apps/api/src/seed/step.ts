import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';

export interface SeedContext {
  db: Db;
  config: AppConfig;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Printed once to the console (e.g. a generated administrator password). */
  announce: (message: string) => void;
}

export interface SeedStep {
  name: string;
  /** reference: every start, both modes (idempotent, cheap when done); demo: only when DEMO_DATA is on. */
  kind: 'reference' | 'demo';
  /**
   * Steps of all modules run by ascending order (kinds interleave: demo units come before later reference rows).
   * A step that reads another step's rows takes a larger number; numbers leave gaps for steps to come.
   */
  order: number;
  run: (ctx: SeedContext) => Promise<void>;
}
