import { useQuery } from '@tanstack/react-query';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { FeatureCollection, Geometry } from 'geojson';
import { registerGeoMap } from './charts.ts';

/** A commune's properties in the boundary files. */
interface WardProperties {
  code: string;
  name: string;
  type: string;
}

export interface WardMap {
  /** The name the map is registered under in ECharts. */
  name: string;
  /** Communes' names by 5-digit code. */
  names: ReadonlyMap<string, string>;
}

/**
 * The communes of a province as an ECharts map: the province's TopoJSON (`/maps/wards/<code>.topo.json`, static
 * files of the web app, one per province) converted to GeoJSON with topojson-client and registered once per visit.
 */
export async function loadWardMap(provinceCode: string, signal?: AbortSignal): Promise<WardMap> {
  const res = await fetch(`/maps/wards/${provinceCode}.topo.json`, { signal });
  if (!res.ok) throw new Error(`ward map ${provinceCode}: HTTP ${res.status}`);
  const topology = (await res.json()) as Topology<{ wards: GeometryCollection<WardProperties> }>;
  const geo = feature(topology, topology.objects.wards) as FeatureCollection<Geometry, WardProperties>;
  const name = `wards-${provinceCode}`;
  registerGeoMap(name, geo);
  return { name, names: new Map(geo.features.map((f) => [f.properties.code, f.properties.name])) };
}

/** The province's commune map (none without a province code, or when the province has no boundary file). */
export function useWardMap(provinceCode: string | null | undefined) {
  return useQuery({
    queryKey: ['statistics', 'ward-map', provinceCode ?? null],
    queryFn: ({ signal }) => loadWardMap(provinceCode!, signal),
    enabled: Boolean(provinceCode && /^\d{2}$/.test(provinceCode)),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
}
