import { DISTANCE_BAND_KM, type DistanceBand } from '@portal/domain/employment/constants';
import { communeCentres, type Point } from '../organisation/index.ts';

/** How far apart two communes are: the straight line between their centres (see organisation/centres.ts). */

/** Great-circle distance in km. */
function km(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b[0] - a[0]) * rad;
  const dLon = (b[1] - a[1]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** The distance between two communes (km, one decimal) and its band; null km when either centre is unknown. */
export function distanceBetween(from: string | null, to: string | null): { band: DistanceBand; km: number | null } {
  if (from && to && from === to) return { band: 'same', km: 0 };
  const all = communeCentres();
  const a = from ? all.get(from) : undefined;
  const b = to ? all.get(to) : undefined;
  if (!a || !b) return { band: 'unknown', km: null };
  const d = Math.round(km(a, b) * 10) / 10;
  return { band: d <= DISTANCE_BAND_KM.near ? 'near' : d <= DISTANCE_BAND_KM.reachable ? 'reachable' : 'far', km: d };
}

/**
 * The communes near and within reach of `origin`, for the statement's conditions; every other commune (far, or
 * without a known centre) brings no distance points and is read as one bucket.
 */
export function bandsAround(origin: string | null): { same: string[]; near: string[]; reachable: string[] } {
  const out = { same: origin ? [origin] : [], near: [] as string[], reachable: [] as string[] };
  const all = communeCentres();
  if (origin && all.has(origin))
    for (const id of all.keys()) {
      if (id === origin) continue;
      const { band } = distanceBetween(origin, id);
      if (band === 'near' || band === 'reachable') out[band].push(id);
    }
  return out;
}
