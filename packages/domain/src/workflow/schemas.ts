import { z } from 'zod';

/** One move in a workflow record's history, as every workflow's detail answers it (the API's `historyOf`). */
export const workflowEvent = z.object({
  at: z.string(),
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  actorName: z.string().nullable(),
  reason: z.string().nullable(),
});
export type WorkflowEvent = z.infer<typeof workflowEvent>;
