// The storefront's first load decides every command but those of the on-demand areas (checkout,
// the sign-in flow, user, address, the informational pages: see OnDemandDeciders), whose commands only lazily loaded
// chunks dispatch (pages, modals, lazy effects). Each such area's decider comes with those chunks:
// they import commands/<area>.provide, which puts it here before any of their code runs (issue 4).
// A command of an area decided before that would be a bug in that wiring: it throws, naming the
// command and the module to import, rather than being dropped silently.
import type { AreaDecide, OnDemandArea, OnDemandCommands, OnDemandDeciders } from './decideAreas';
import { createDecide } from './decideAreas';

const provided: Partial<OnDemandDeciders> = {};

/** Called by commands/<area>.provide when its chunk loads. */
export function provideDecider<A extends OnDemandArea>(area: A, decide: OnDemandDeciders[A]): void {
  provided[area] = decide;
}

/** Forwards to the area's decider once provided. */
function slot<A extends OnDemandArea>(area: A): AreaDecide<OnDemandCommands[A]> {
  return (command, state, meta) => {
    const decide: AreaDecide<OnDemandCommands[A]> | undefined = provided[area];
    if (decide === undefined)
      throw new Error(`${command.type}: the ${area} decider is not loaded (import commands/${area}.provide)`);
    return decide(command, state, meta);
  };
}

/** The root decider of the browser's first load. */
export const decideOnDemand = createDecide({
  checkout: slot('checkout'),
  signIn: slot('signIn'),
  user: slot('user'),
  address: slot('address'),
  page: slot('page'),
});
