// The storefront's first load decides every command but the checkout's, whose decider (about
// 3.6 KB gzip) comes with the chunks that dispatch checkout commands: the checkout and complete
// pages, the address modal and the checkout effects each import ./checkout.provide, which puts
// it here before any of their code runs (issue 4). A checkout command decided before that would
// be a bug in that wiring: it throws, naming the command, rather than being dropped silently.
import type { CheckoutDecide } from './decideAreas';
import { createDecide } from './decideAreas';

let provided: CheckoutDecide | null = null;

export function provideCheckoutDecider(decideCheckout: CheckoutDecide): void {
  provided = decideCheckout;
}

/** The root decider of the browser's first load. */
export const decideWithCheckoutOnDemand = createDecide((command, state, meta) => {
  if (provided === null) throw new Error(`${command.type}: the checkout decider is not loaded (import commands/checkout.provide)`);
  return provided(command, state, meta);
});
