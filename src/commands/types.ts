// What every decider receives besides the command and the state.

/** Stamped by the bus before decide runs. */
export type Meta = {
  /** ISO time of the command. */
  now: string;
  /** A fresh unique id for this command; derive more ids as `${id}:1`, `${id}:2`. */
  id: string;
};

/** Hands out `meta.id`, then `${meta.id}:1`, `${meta.id}:2`, ... */
export function idSource(meta: Meta): () => string {
  let n = 0;
  return () => (n++ === 0 ? meta.id : `${meta.id}:${n - 1}`);
}
