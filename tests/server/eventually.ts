// Waiting in tests for what another process, socket or timer does: poll until it holds, or fail
// naming what was awaited.

/** Waits until `condition` holds (polling), or fails after `timeoutMs` naming `what` it waited for. */
export async function eventually(
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (${timeoutMs} ms)`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
