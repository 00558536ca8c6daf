/** A record id as the database makes them (gen_random_uuid), in any letter case. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `text` can be a record id: checked before it reaches a `uuid` column, which would refuse it with an error. */
export const isUuid = (text: string): boolean => UUID.test(text);
