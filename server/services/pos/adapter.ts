// The process's POS adapter: ctx.pos when a test put one there, else one built from the
// configuration and kept for the process (one iiko token per process).
import type { AppContext } from '../../context.js';
import { posFromConfig } from '../../integrations/pos/index.js';
import type { PosAdapter } from '../../integrations/pos/port.js';

const built = new WeakMap<AppContext['config'], PosAdapter>();

export function posOf(ctx: AppContext): PosAdapter {
  if (ctx.pos) return ctx.pos;
  let pos = built.get(ctx.config);
  if (!pos) {
    pos = posFromConfig(ctx.config, () => ctx.clock.now());
    built.set(ctx.config, pos);
  }
  return pos;
}
