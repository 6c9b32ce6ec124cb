// @vitest-environment jsdom
// A context that must be provided: its hook answers the provided value, and throws, naming the
// provider, where none is above it.
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { requiredContext } from '../../src/views/app/requiredContext';

const Shop = requiredContext<{ name: string }>('ShopProvider');

describe('requiredContext', () => {
  it('answers the value of the provider above', () => {
    const value = { name: 'Ангарск' };
    const wrapper = ({ children }: { children: ReactNode }) => <Shop.Provider value={value}>{children}</Shop.Provider>;
    expect(renderHook(() => Shop.use(), { wrapper }).result.current).toBe(value);
  });

  it('throws, naming the provider, without one', () => {
    expect(() => renderHook(() => Shop.use())).toThrow('ShopProvider is missing');
  });
});
