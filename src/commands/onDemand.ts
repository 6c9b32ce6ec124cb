// The browser's root decider. The on-demand areas (checkout, the sign-in flow, user, address, the
// informational pages) are only dispatched to by lazily loaded chunks, so their deciders are slots:
// a chunk that dispatches to one exports it as `deciders`, and its loader (withDeciders) fills the
// slots before any of the chunk's code runs (src/views/app/lazyAreas.ts). A command of an empty
// slot is a bug in that wiring: it throws, naming the command and the area.
import type { AreaDecide, OnDemandArea, OnDemandCommands, OnDemandDeciders } from './decideAreas';
import { createDecide } from './decideAreas';

/** What a lazily loaded chunk exports as `deciders`: those of the areas its code dispatches to. */
export type ChunkDeciders = Partial<OnDemandDeciders>;

const provided: ChunkDeciders = {};

/** `load`, whose chunk's deciders are in their slots by the time it resolves. */
export function withDeciders<M extends { deciders?: ChunkDeciders }>(load: () => Promise<M>): () => Promise<M> {
  return () => load().then((chunk) => (Object.assign(provided, chunk.deciders), chunk));
}

function slot<A extends OnDemandArea>(area: A): AreaDecide<OnDemandCommands[A]> {
  return (command, state, meta) => {
    const decide: AreaDecide<OnDemandCommands[A]> | undefined = provided[area];
    if (decide === undefined) throw new Error(`${command.type}: the ${area} decider is not loaded`);
    return decide(command, state, meta);
  };
}

export const decideOnDemand = createDecide({
  checkout: slot('checkout'),
  signIn: slot('signIn'),
  user: slot('user'),
  address: slot('address'),
  page: slot('page'),
});
