// A React context that must be provided: its hook throws outside the provider, since a missing
// provider is a wiring mistake to see at once, not a state for the views to handle.
import { createContext, useContext } from 'react';

export function requiredContext<T>(providerName: string) {
  const Context = createContext<T | null>(null);
  const use = (): T => {
    const value = useContext(Context);
    if (value === null) throw new Error(`${providerName} is missing`);
    return value;
  };
  return { Provider: Context.Provider, use };
}
