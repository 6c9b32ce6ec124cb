// The former checkout-only slot, generalised as ./onDemand: this name stays only until
// src/views/main.tsx imports `decideOnDemand` from ./onDemand instead; then delete this file.
export { decideOnDemand as decideWithCheckoutOnDemand } from './onDemand';
