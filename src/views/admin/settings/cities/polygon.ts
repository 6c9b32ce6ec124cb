// A delivery zone's contour typed as text: one 'lon, lat' point a line, the last repeating the first.

/** 'lon, lat' lines ⇄ [lon, lat] pairs. */
export function polygonToText(polygon: readonly (readonly [number, number])[]): string {
  return polygon.map(([lon, lat]) => `${lon}, ${lat}`).join('\n');
}

export function textToPolygon(text: string): [number, number][] | string {
  const out: [number, number][] = [];
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const parts = line.split(/[,;\s]+/).filter(Boolean);
    const lon = Number(parts[0]);
    const lat = Number(parts[1]);
    if (
      parts.length !== 2 ||
      !Number.isFinite(lon) ||
      !Number.isFinite(lat) ||
      Math.abs(lon) > 180 ||
      Math.abs(lat) > 90
    )
      return `Строка ${i + 1}: нужны долгота и широта через запятую`;
    out.push([lon, lat]);
  }
  if (out.length < 4) return 'Нужно не меньше 4 точек (первая повторяется в конце)';
  const first = out[0];
  const last = out[out.length - 1];
  if (!first || !last || first[0] !== last[0] || first[1] !== last[1])
    return 'Контур не замкнут: последняя точка должна совпадать с первой';
  return out;
}

/** The text with its first point repeated at the end, when it is not already. */
export function closeRing(text: string): string {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.length > 0 && lines[0] !== lines[lines.length - 1] ? [...lines, lines[0]].join('\n') : text;
}
