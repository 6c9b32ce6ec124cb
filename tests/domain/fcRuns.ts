import fc from 'fast-check';

// Property tests run FC_RUNS cases (default 1000, as CI requires); set FC_RUNS lower locally for speed.
const parsed = Number(process.env.FC_RUNS ?? '1000');
export const numRuns = Number.isFinite(parsed) && parsed > 0 ? Math.floor(parsed) : 1000;

/** Asserts a property over numRuns cases. */
export const assertProperty = <Ts>(property: fc.IProperty<Ts>): void => fc.assert(property, { numRuns });
