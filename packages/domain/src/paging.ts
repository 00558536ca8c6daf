import { z } from 'zod';

/** A page of a server list as the API answers it (spec: `pageLists`, `totalRecord`). */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ pageLists: z.array(item), totalRecord: z.number() });
