import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The centre of each commune of the 2025 ward maps (the maps the statistics draw), for distances between
 * communes. A commune of a province without a map has no centre.
 */
export type Point = readonly [lat: number, lon: number];

/** Province code → its 2025 ward map (in ./data). */
export const WARD_MAPS: Readonly<Record<string, string>> = { '68': 'lam-dong-wards-2025.geojson' };
export const ADMIN_UNIT_DATA_DIR = path.join(import.meta.dirname, 'data');

interface Feature {
  properties: { code: string };
  geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: number[][][] | number[][][][] };
}
/** The area-weighted centre of a polygon's outer rings (the shoelace formula, lon/lat as plane coordinates). */
function centreOf(geometry: Feature['geometry']): Point | null {
  const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as number[][][][];
  let area = 0;
  let x = 0;
  let y = 0;
  for (const polygon of polygons) {
    const ring = polygon[0] ?? [];
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [x0, y0] = ring[j] as [number, number];
      const [x1, y1] = ring[i] as [number, number];
      const cross = x0 * y1 - x1 * y0;
      area += cross;
      x += (x0 + x1) * cross;
      y += (y0 + y1) * cross;
    }
  }
  if (area === 0) return null;
  return [y / (3 * area), x / (3 * area)];
}

let centres: Map<string, Point> | null = null;

/** Ward id ('2025:24781') → its centre; read once from the maps. */
export function communeCentres(): ReadonlyMap<string, Point> {
  if (centres) return centres;
  const found = new Map<string, Point>();
  for (const file of Object.values(WARD_MAPS)) {
    const map = JSON.parse(readFileSync(path.join(ADMIN_UNIT_DATA_DIR, file), 'utf8')) as { features: Feature[] };
    for (const f of map.features) {
      const centre = centreOf(f.geometry);
      if (centre) found.set(`2025:${f.properties.code}`, centre);
    }
  }
  centres = found;
  return found;
}
