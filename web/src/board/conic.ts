// Where a place falls on the map: Lambert's conformal conic projection on the sphere, the one the
// build projected the coastline with (d3-geo in scripts/build/web.mjs), written out here from its
// formulas (Snyder, Map Projections: A Working Manual, 15-1 to 15-4) so the page does not carry
// d3-geo (about 7 KB gzipped) for a few dozen points. The frame turns only in longitude.

export interface ConicFrame {
  /** [longitude turn, 0] in degrees, the two standard parallels, and the fitted scale and offset. */
  rotate: number[];
  parallels: number[];
  scale: number;
  translate: number[];
}

const RAD = Math.PI / 180;
const t = (lat: number) => Math.tan(Math.PI / 4 + (lat * RAD) / 2);

/** The projection of a frame: (longitude, latitude) in degrees to map units. */
export function conic(f: ConicFrame): (lon: number, lat: number) => [number, number] {
  const [p1, p2] = f.parallels as [number, number];
  const n = p1 === p2 ? Math.sin(p1 * RAD) : Math.log(Math.cos(p1 * RAD) / Math.cos(p2 * RAD)) / Math.log(t(p2) / t(p1));
  const F = (Math.cos(p1 * RAD) * t(p1) ** n) / n;
  const [tx, ty] = f.translate as [number, number];
  return (lon, lat) => {
    const r = F / t(lat) ** n;
    const a = n * (lon + f.rotate[0]!) * RAD;
    return [tx + f.scale * r * Math.sin(a), ty - f.scale * (F - r * Math.cos(a))];
  };
}
