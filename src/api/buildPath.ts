// A route's path with its ':name' segments filled: what the client requests. Apart from route.ts so
// the first load, which calls the API, carries none of the route declarations' code.

/** Fills ':name' segments of a path with URL-encoded values. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
